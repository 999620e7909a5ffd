import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { createTestUser } from "@/lib/testing/agent-harness";
import type { Actor } from "@/lib/identity/actor";
import { getDb } from "@/lib/db/client";
import { jobs, kbChunks, kbDocuments } from "@/lib/db/kb-schema";
import { createKnowledgeBase, updateKnowledgeBase } from "@/lib/kb/manage";
import {
  ingestGroup,
  INGEST_JOB,
  listKbDocuments,
  readKbDocumentText,
  requireKbDocument,
  retryKbDocument,
} from "@/lib/db/kb-documents";
import { addKbDocuments, deleteKbDocument } from "@/lib/kb/documents";
import { searchFullText } from "@/lib/kb/full-text-search";
import { JobRunner } from "@/lib/jobs/runner";
import { findJob, insertJob } from "@/lib/db/jobs";
import { readUntil } from "@/lib/testing/wait";
import { recountKbTerms } from "@/lib/db/kb-ingest";
import { kbFileKey, kbFilesStore } from "./files";
import { requeueStrandedDocuments } from "./ingest-job";
import { docxWithParagraphs, pdfWithText } from "@/lib/testing/kb-samples";
import { zipOf } from "@/lib/testing/file-samples";
import { buildZip } from "@/lib/testing/zip-fixtures";
import type { ApiError } from "@/lib/errors/api-error";
import { documentsOf } from "./intake";

let owner: Actor;
let stranger: Actor;
let runner: JobRunner;
const enc = (s: string) => Buffer.from(s, "utf8");

const EN = `# Support handbook

## Refunds
Customers get a refund within fourteen days of purchase when the parcel is unopened.

## Shipping
Parcels to Norway travel by ferry and arrive on Thursdays.`;
const ZH = `# 员工手册

## 年假
每位员工每年享有十五天带薪年假，需要提前两周向主管申请。

## 报销
差旅报销须在出差结束后三十天内提交发票。`;

async function settled(kbId: string, actor = owner, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const docs = await listKbDocuments(actor, kbId);
    if (docs.every((d) => ["indexed", "error_parsing", "error_indexing"].includes(d.status)) || Date.now() > end)
      return docs;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "kb-ingest-")));
  await createTestDatabase();
  owner = await createTestUser("user");
  stranger = await createTestUser("user");
  runner = new JobRunner({ pollMs: 50, leaseMs: 600, retryBaseMs: 20 }).start();
});
afterAll(async () => {
  await runner.stop();
  await destroyTestDatabase();
  vi.unstubAllEnvs();
});

/** The ingestion job of a document, claimed by a worker that died: its lease runs out at `leaseUntil`. */
async function insertDeadWorkersJob(
  kbId: string,
  documentId: string,
  job: { attempts: number; maxAttempts?: number; leaseUntil: Date },
) {
  await (await getDb()).insert(jobs).values({
    id: crypto.randomUUID(),
    kind: INGEST_JOB,
    payload: { kbId, documentId },
    groupKey: ingestGroup(documentId),
    status: "running",
    workerId: "dead-worker",
    ...job,
  });
}

describe("ingestion", () => {
  it("takes English and Chinese markdown, a PDF, a Word file, HTML, CSV and JSON to indexed, and finds each", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Handbooks" });
    const docs = await addKbDocuments(owner, kb.id, [
      { name: "support.md", bytes: enc(EN) },
      { name: "员工手册.md", bytes: enc(ZH) },
      { name: "warranty.pdf", bytes: pdfWithText(["Warranty repairs are free for two years."]) },
      {
        name: "travel.docx",
        bytes: docxWithParagraphs([{ text: "Travel", heading: 1 }, { text: "Book trains for short trips." }]),
      },
      { name: "page.html", bytes: enc("<h1>Office</h1><p>The office opens at eight.</p><script>secret()</script>") },
      { name: "staff.csv", bytes: enc("name,room\nAda,Orchid\n") },
      { name: "config.json", bytes: enc('{"maxSeats": 42}') },
    ]);
    expect(docs.map((d) => d.status)).toEqual(Array(7).fill("uploaded"));
    const done = await settled(kb.id);
    expect(done.map((d) => [d.name, d.status, d.error])).toEqual(docs.map((d) => [d.name, "indexed", null]));
    expect(done.every((d) => d.chunkCount > 0 && d.progress === 100)).toBe(true);

    const top = async (q: string) => (await searchFullText(owner, kb.id, q, { topK: 3 }))[0];
    expect(await top("how many days for a refund")).toMatchObject({
      fileName: "support.md",
      headingPath: ["Support handbook", "Refunds"],
    });
    expect((await top("refund")).content).toContain("fourteen days");
    const zh = await top("年假有几天");
    expect(zh).toMatchObject({ fileName: "员工手册.md" });
    expect(zh.content).toContain("十五天带薪年假");
    expect((await top("warranty repairs")).fileName).toBe("warranty.pdf");
    expect((await top("trains")).fileName).toBe("travel.docx");
    expect((await top("office opens")).fileName).toBe("page.html");
    expect(await searchFullText(owner, kb.id, "secret", { topK: 3 })).toEqual([]);
    expect((await top("Orchid room")).fileName).toBe("staff.csv");
    expect((await top("maxSeats")).fileName).toBe("config.json");
    expect(await searchFullText(owner, kb.id, "refund", { topK: 3, fileName: "travel.docx" })).toEqual([]);
  });

  it("ranks by how rare the matched words are: a chunk with the rare word beats chunks with common ones", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Ranking" });
    const common = Array.from({ length: 8 }, (_, i) => ({
      name: `common-${i}.md`,
      bytes: enc(`The server restarts the service when the service fails. Note ${i}.`),
    }));
    await addKbDocuments(owner, kb.id, [
      ...common,
      { name: "rare.md", bytes: enc("The zeppelin docks at the service hangar.") },
    ]);
    await settled(kb.id);
    const hits = await searchFullText(owner, kb.id, "service zeppelin", { topK: 3 });
    expect(hits[0].fileName).toBe("rare.md");
    expect(hits[0].score).toBeGreaterThan(hits[1].score * 2);
  });

  it("keeps every document to the people the knowledge base is shared with", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Private" });
    const [doc] = await addKbDocuments(owner, kb.id, [{ name: "a.md", bytes: enc("The launch code is blue.") }]);
    await settled(kb.id);
    await expect(searchFullText(stranger, kb.id, "launch", { topK: 3 })).rejects.toMatchObject({
      code: "not_found:kb",
    });
    await expect(listKbDocuments(stranger, kb.id)).rejects.toMatchObject({ code: "not_found:kb" });
    await expect(readKbDocumentText(stranger, kb.id, doc.id)).rejects.toMatchObject({ code: "not_found:kb" });
    await expect(addKbDocuments(stranger, kb.id, [{ name: "x.md", bytes: enc("x") }])).rejects.toMatchObject({
      code: "not_found:kb",
    });
    await updateKnowledgeBase(owner, kb.id, {
      sharing: {
        read: { global: false, departmentIds: [], userIds: [stranger.id] },
        manage: { global: false, departmentIds: [], userIds: [] },
      },
    });
    expect((await searchFullText(stranger, kb.id, "launch", { topK: 3 }))[0].fileId).toBe(doc.id);
    await expect(addKbDocuments(stranger, kb.id, [{ name: "x.md", bytes: enc("x") }])).rejects.toMatchObject({
      code: "forbidden:kb",
    });
    await expect(deleteKbDocument(stranger, kb.id, doc.id)).rejects.toMatchObject({ code: "forbidden:kb" });
    // A document id from another knowledge base is not reachable through this one.
    const other = await createKnowledgeBase(stranger, { name: "Theirs" });
    await expect(requireKbDocument(stranger, other.id, doc.id)).rejects.toMatchObject({
      code: "not_found:kb_document",
    });
  });

  it("marks a damaged PDF error_parsing with a reason; retry parses it again", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Broken" });
    const [doc] = await addKbDocuments(owner, kb.id, [{ name: "broken.pdf", bytes: enc("%PDF-1.4 not really") }]);
    const [failed] = await settled(kb.id);
    expect(failed).toMatchObject({ status: "error_parsing", errorCode: "pdf_unreadable" });
    expect(failed.error).toMatch(/PDF could not be read/);
    // Retrying the same damaged file fails the same way, with the reason again.
    expect(await retryKbDocument(owner, kb.id, doc.id)).toMatchObject({
      status: "uploaded",
      error: null,
      errorCode: null,
    });
    expect((await settled(kb.id))[0]).toMatchObject({ status: "error_parsing", error: failed.error });
    // Once the file is readable (here: replaced in storage), retry takes it to indexed.
    await kbFilesStore().write(kbFileKey(kb.id, doc.id), pdfWithText(["Fixed at last."]));
    await retryKbDocument(owner, kb.id, doc.id);
    expect((await settled(kb.id))[0]).toMatchObject({ status: "indexed" });
    expect((await searchFullText(owner, kb.id, "fixed", { topK: 1 }))[0].fileId).toBe(doc.id);
    await expect(retryKbDocument(owner, kb.id, doc.id)).rejects.toMatchObject({ code: "conflict:kb" });
  });

  it("a job taken over after its worker died resumes after the parsed stage, without parsing again", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Resume" });
    const db = await getDb();
    const id = crypto.randomUUID();
    // Parsed, then the worker died while indexing: its file is even gone, so only a resume can succeed.
    await db.insert(kbDocuments).values({
      id,
      kbId: kb.id,
      name: "notes.md",
      status: "indexing",
      progress: 40,
      content: "# Notes\nThe boiler is serviced every October.",
      lineCount: 2,
    });
    await insertDeadWorkersJob(kb.id, id, { attempts: 1, leaseUntil: new Date(Date.now() + 200) });
    const [doc] = await settled(kb.id);
    expect(doc).toMatchObject({ status: "indexed", chunkCount: 1 });
    expect((await searchFullText(owner, kb.id, "boiler", { topK: 1 }))[0].startLine).toBe(1);
  });

  it("marks a document whose worker died on the last attempt as interrupted, with a working retry", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Interrupted" });
    const db = await getDb();
    const id = crypto.randomUUID();
    await kbFilesStore().write(kbFileKey(kb.id, id), "The interrupted fact is nine.");
    await db.insert(kbDocuments).values({ id, kbId: kb.id, name: "i.txt", status: "parsing" });
    await insertDeadWorkersJob(kb.id, id, { attempts: 3, maxAttempts: 3, leaseUntil: new Date(Date.now() - 1000) });
    const [doc] = await settled(kb.id);
    expect(doc).toMatchObject({ status: "error_parsing", errorCode: "interrupted" });
    await retryKbDocument(owner, kb.id, id);
    expect((await settled(kb.id))[0]).toMatchObject({ status: "indexed", error: null, errorCode: null });
  });

  it("retrying a document whose indexing failed half-way starts over, without the chunks it left", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Half indexed" });
    const db = await getDb();
    const id = crypto.randomUUID();
    await db.insert(kbDocuments).values({
      id,
      kbId: kb.id,
      name: "notes.md",
      status: "error_indexing",
      errorCode: "embedding_failed",
      error: "Embedding failed: HTTP 500",
      content: "# Notes\nThe ferry leaves at noon.",
      lineCount: 2,
    });
    // What the failed attempt had written before it stopped.
    await db.insert(kbChunks).values(
      [0, 1].map((ordinal) => ({
        kbId: kb.id,
        documentId: id,
        ordinal,
        content: "stale",
        startLine: 1,
        endLine: 1,
        search: sql`to_tsvector('english', 'stale')`,
      })),
    );
    expect(await retryKbDocument(owner, kb.id, id)).toMatchObject({ status: "parsed", errorCode: null });
    expect((await settled(kb.id))[0]).toMatchObject({ status: "indexed", chunkCount: 1 });
    const chunks = await db.select().from(kbChunks).where(eq(kbChunks.documentId, id));
    expect(chunks.map((c) => c.content)).toEqual(["# Notes\nThe ferry leaves at noon."]);
    expect(await searchFullText(owner, kb.id, "stale", { topK: 3 })).toEqual([]);
  });

  it("queues a document left without a job", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Stranded" });
    const db = await getDb();
    const id = crypto.randomUUID();
    await kbFilesStore().write(kbFileKey(kb.id, id), "The stranded fact is seven.");
    await db.insert(kbDocuments).values({ id, kbId: kb.id, name: "s.txt", updatedAt: new Date(Date.now() - 60_000) });
    expect(await requeueStrandedDocuments()).toBe(1);
    expect((await settled(kb.id))[0]).toMatchObject({ status: "indexed" });
    expect(await requeueStrandedDocuments()).toBe(0);
  });

  it("deleting a document removes its chunks and file and stops its job", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Delete" });
    const [a, b] = await addKbDocuments(owner, kb.id, [
      { name: "a.md", bytes: enc("apples are red") },
      { name: "b.md", bytes: enc("bananas are yellow") },
    ]);
    await settled(kb.id);
    const db = await getDb();
    const df = async (term: string) =>
      (await db.execute<{ df: number }>(sql`select df from kb_terms where kb_id = ${kb.id} and term = ${term}`)).rows[0]
        ?.df ?? 0;
    // The empty term counts the indexed chunks (the N of the inverse document frequency).
    expect([await df("appl"), await df("red"), await df("banana"), await df("")]).toEqual([1, 1, 1, 2]);
    await deleteKbDocument(owner, kb.id, a.id);
    // Its words and chunks leave the document frequencies with it.
    expect([await df("appl"), await df("red"), await df("banana"), await df("")]).toEqual([0, 0, 1, 1]);
    expect(await db.select().from(kbChunks).where(eq(kbChunks.documentId, a.id))).toEqual([]);
    expect(await kbFilesStore().stat(kbFileKey(kb.id, a.id))).toBeNull();
    expect(await searchFullText(owner, kb.id, "apples", { topK: 3 })).toEqual([]);
    expect((await searchFullText(owner, kb.id, "bananas", { topK: 3 }))[0].fileId).toBe(b.id);
  });

  it("indexes many files of one upload in batches: a damaged one fails alone, and nothing is counted twice", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Many" });
    const files = Array.from({ length: 40 }, (_, i) => ({
      name: `room-${i}.md`,
      bytes: enc(`# Room ${i}\nThe locker code of room ${i} is code${i}x.`),
    }));
    files.splice(17, 0, { name: "broken.pdf", bytes: enc("%PDF-1.4 not really") });
    await addKbDocuments(owner, kb.id, files);
    const docs = await settled(kb.id);
    expect(docs.find((d) => d.name === "broken.pdf")).toMatchObject({
      status: "error_parsing",
      errorCode: "pdf_unreadable",
    });
    const rooms = docs.filter((d) => d.name !== "broken.pdf");
    expect(rooms.map((d) => [d.status, d.chunkCount, d.progress])).toEqual(Array(40).fill(["indexed", 1, 100]));
    for (const i of [0, 16, 17, 39])
      expect((await searchFullText(owner, kb.id, `code${i}x`, { topK: 1 }))[0].fileId).toBe(rooms[i].id);
    const db = await getDb();
    const terms = async () =>
      (await db.execute(sql`select term, df from kb_terms where kb_id = ${kb.id} order by term`)).rows;
    const counted = await terms();
    expect(counted).toEqual(
      expect.arrayContaining([
        { term: "", df: 40 },
        { term: "locker", df: 40 },
        { term: "code7x", df: 1 },
      ]),
    );
    // A job that runs again for an indexed document (its worker died after finishing) adds nothing.
    const { id } = await insertJob({
      kind: INGEST_JOB,
      payload: { kbId: kb.id, documentId: rooms[3].id },
      groupKey: ingestGroup(rooms[3].id),
    });
    runner.kick();
    await readUntil(
      () => findJob(id),
      (j) => j?.status === "completed",
      { ms: 10_000, everyMs: 25 },
    );
    expect(await terms()).toEqual(counted);
    expect((await listKbDocuments(owner, kb.id)).find((d) => d.id === rooms[3].id)).toMatchObject({
      status: "indexed",
      chunkCount: 1,
    });
  });

  it("finds the chunks holding common words together, and fills the list from one of them", async () => {
    const kb = await createKnowledgeBase(owner, { name: "Common words" });
    const [doc] = await addKbDocuments(owner, kb.id, [{ name: "big.md", bytes: enc("alpha beta gamma delta") }]);
    await settled(kb.id);
    const db = await getDb();
    // Every word is common (df over the candidate budget): 2,000 chunks each of "alpha beta" and "alpha gamma".
    await db.execute(sql`
      insert into kb_chunks (kb_id, document_id, ordinal, content, start_line, end_line, heading_path, token_count, search)
      select ${kb.id}, ${doc.id}, 1 + i, w, 1, 1, '[]'::jsonb, 2, to_tsvector('english', w)
      from generate_series(1, 4000) i, lateral (select case when i % 2 = 0 then 'alpha beta' else 'alpha gamma' end as w) x`);
    await recountKbTerms(kb.id);
    const hits = await searchFullText(owner, kb.id, "beta gamma", { topK: 10 });
    // Only the first chunk holds both; the list is filled from the chunks holding the rarer one.
    expect(hits).toHaveLength(10);
    expect(hits[0].content).toBe("alpha beta gamma delta");
    expect(hits.slice(1).every((h) => h.score < hits[0].score)).toBe(true);
    expect(await searchFullText(stranger, kb.id, "beta gamma", { topK: 10 }).catch((e) => e.code)).toBe("not_found:kb");
  });

  it("expands a zip into its supported documents and refuses unsupported files", async () => {
    const docs = await documentsOf(
      [
        {
          name: "bundle.zip",
          bytes: zipOf([
            ["docs/a.md", "# A"],
            ["docs/b.txt", "b"],
            ["__MACOSX/docs/._a.md", "x"],
            ["tool.exe", "MZ"],
          ]),
          declaredType: "",
          fields: {},
        },
      ],
      1024 * 1024,
    );
    expect(docs.map((d) => d.name)).toEqual(["docs - a.md", "docs - b.txt"]);
    await expect(
      documentsOf([{ name: "run.exe", bytes: enc("MZ"), declaredType: "", fields: {} }], 1024),
    ).rejects.toThrow(/not a supported document/);
    await expect(
      documentsOf([{ name: "empty.zip", bytes: zipOf([["x.exe", "MZ"]]), declaredType: "", fields: {} }], 1024),
    ).rejects.toThrow(/holds no supported documents/);
    await expect(
      documentsOf(
        [{ name: "big.zip", bytes: zipOf([["a.md", "x".repeat(5000)]]), declaredType: "", fields: {} }],
        1024,
      ),
    ).rejects.toThrow(/one file may be at most 1 KiB/);
  });

  // A 3.8 KB zip whose entries declared a compressed size of 0 skipped the ratio check and made 40 documents of 2 MB.
  it("refuses zip bombs before storing anything: zero declared compressed size, high ratio, lying sizes, the request's total", async () => {
    const upload = (name: string, bytes: Uint8Array) => [
      { name, bytes: Buffer.from(bytes), declaredType: "", fields: {} },
    ];
    const twoMiB = new Uint8Array(2 * 1024 * 1024).fill(0x61);
    const zeroDeclared = buildZip(
      Array.from({ length: 40 }, (_, i) => ({ name: `doc-${i}.txt`, data: twoMiB, declaredCompressedSize: 0 })),
    );
    expect(zeroDeclared.length).toBeLessThan(200_000);
    const refusal = async (p: Promise<unknown>) => ((await p.catch((e: unknown) => e)) as ApiError).message;
    expect(await refusal(documentsOf(upload("bomb.zip", zeroDeclared), 25 * 1024 * 1024))).toMatch(
      /^"bomb\.zip" was refused: the entry "doc-0\.txt" expands 2097152 times; that looks like a zip bomb\.$/,
    );
    // The reason also goes as a key and values, for the app to say it in the user's language.
    const bomb = (await documentsOf(upload("bomb.zip", zeroDeclared), 25 * 1024 * 1024).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(bomb.fields).toEqual([
      expect.objectContaining({
        path: "file",
        key: "zipRefusals.ratio",
        values: { name: '"doc-0.txt"', ratio: 2097152, archive: "bomb.zip" },
      }),
    ]);
    const ratio = buildZip([{ name: "zeros.txt", data: twoMiB }]);
    expect(await refusal(documentsOf(upload("ratio.zip", ratio), 25 * 1024 * 1024))).toMatch(/looks like a zip bomb/);
    const lying = buildZip([{ name: "small.md", data: new Uint8Array(100_000).fill(0x62), declaredSize: 100 }]);
    expect(await refusal(documentsOf(upload("lying.zip", lying), 25 * 1024 * 1024))).toMatch(
      /holds more than the 100 bytes it declares/,
    );
    vi.stubEnv("KB_UPLOAD_MAX_EXPANDED_BYTES", String(3 * 1024 * 1024));
    try {
      const many = [0, 1].map((i) => ({
        name: `part-${i}.txt`,
        bytes: Buffer.from(twoMiB),
        declaredType: "",
        fields: {},
      }));
      const err = (await documentsOf(many, 25 * 1024 * 1024).catch((e: unknown) => e)) as ApiError;
      expect(err).toMatchObject({
        code: "too_large:upload",
        message: expect.stringMatching(/add up to more than 3 MiB/),
      });
    } finally {
      vi.stubEnv("KB_UPLOAD_MAX_EXPANDED_BYTES", "");
    }
  });
});
