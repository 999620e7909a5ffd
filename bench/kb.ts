import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, setDatabase, closeDatabase, getDb, vectorsAvailable } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { insertTestProvider } from "@/lib/testing/agent-harness";
import type { Actor } from "@/lib/identity/actor";
import { createKnowledgeBase } from "@/lib/kb/manage";
import { addKbDocuments } from "@/lib/kb/documents";
import { recountKbTerms } from "@/lib/db/kb-ingest";
import { retrieve, type Fusion, type RetrievalMode } from "@/lib/kb/retrieve";
import { startMockLlmServer } from "@/lib/testing/scripted-model";
import { JobRunner } from "@/lib/jobs/runner";
import "@/lib/kb/ingest-job";
import { npmReadmes, seeded } from "./kb-corpus";
import { ms, summarize } from "./stats";

/**
 * `npm run bench:kb`: knowledge-base ingestion throughput, query latency at 10k and 100k chunks,
 * and retrieval quality on the README files of the installed npm packages, for bm25, vector and
 * hybrid search. Vectors come from the scripted model server's demo embeddings over HTTP (a
 * hashed bag of words and word pairs, 1024 dimensions: it measures the machinery, not a semantic model). PGlite
 * in a fresh data dir by default; DATABASE_URL=postgres://… runs it on a fresh database of that
 * server (vector rows say n/a where the server has no pgvector).
 */

const isPg = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-kb-"));
process.env.DATA_DIR = dataDir;
if (isPg) {
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  await createTestDatabase();
} else {
  delete process.env.DATABASE_URL;
  setDatabase(await openDatabase({ dir: path.join(dataDir, "pglite") }));
}
const u = await insertTestUser({ role: "user" });
const actor: Actor = { id: u.id, username: u.username, displayName: "", role: "user", departmentId: null };
const runner = new JobRunner({ pollMs: 20 }).start();
const mock = await startMockLlmServer({ models: ["demo-embedding"] });
await insertTestProvider("bench", mock.url, [
  { id: "bench-chat", type: "chat" },
  { id: "demo-embedding", type: "embedding" },
]);
const vectors = await vectorsAvailable();

let ingestErrors = 0;
async function ingest(kbId: string, docs: { name: string; text: string }[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < docs.length; i += 50) {
    await addKbDocuments(
      actor,
      kbId,
      docs.slice(i, i + 50).map((d) => ({ name: d.name, bytes: Buffer.from(d.text) })),
    );
  }
  // Poll a count, not the document list: the bench must not load the server it measures.
  const db = await getDb();
  for (;;) {
    const [row] = (
      await db.execute<{ pending: number; failed: number }>(sql`
        select count(*) filter (where status not in ('indexed', 'error_parsing', 'error_indexing'))::int as pending,
               count(*) filter (where status in ('error_parsing', 'error_indexing'))::int as failed
        from kb_documents where kb_id = ${kbId}`)
    ).rows;
    if (row.pending === 0) {
      ingestErrors = row.failed;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - started;
}

// 1. Ingestion throughput (markdown, full-text index only), end to end through the job runner.
const corpus = npmReadmes();
const corpusBytes = corpus.reduce((n, d) => n + Buffer.byteLength(d.text), 0);
const kb = await createKnowledgeBase(actor, { name: "npm READMEs" });
const ingestMs = await ingest(kb.id, corpus);
const db = await getDb();
const count = async () =>
  Number(
    (await db.execute<{ n: number }>(sql`select count(*)::int as n from kb_chunks where kb_id = ${kb.id}`)).rows[0].n,
  );
const chunks = await count();
const mbPerS = corpusBytes / 1024 / 1024 / (ingestMs / 1000);
const bm25IngestErrors = ingestErrors;

// 1b. The same corpus with the demo embeddings (where the database has pgvector).
const vkb = vectors
  ? await createKnowledgeBase(actor, { name: "npm READMEs, vectors", embeddingModel: "bench:demo-embedding" })
  : null;
const vIngestMs = vkb ? await ingest(vkb.id, corpus) : 0;
const vMbPerS = vkb ? corpusBytes / 1024 / 1024 / (vIngestMs / 1000) : 0;

// 2. Retrieval quality: known-item questions. A question is 8 consecutive words of a sentence in a
// random chunk, a quarter of them dropped; the answer is any chunk of that document holding that line.
type Question = { query: string; fileName: string; line: string };
const rand = seeded(12);
// Chunks in document and chunk order, so both databases ask the same questions whatever order the
// job runner indexed the documents in.
const sample = (
  await db.execute<{ file: string; content: string }>(sql`
  select d.name as file, c.content from kb_chunks c join kb_documents d on d.id = c.document_id
  where c.kb_id = ${kb.id} order by d.name collate "C", c.ordinal`)
).rows;
// Lines many READMEs share (licence text, badges, install boilerplate) have no single answer: skipped.
const docsWithLine = new Map<string, number>();
for (const d of corpus)
  for (const l of new Set(d.text.split("\n"))) docsWithLine.set(l, (docsWithLine.get(l) ?? 0) + 1);
const questions: Question[] = [];
while (questions.length < 200) {
  const c = sample[Math.floor(rand() * sample.length)];
  const lines = c.content.split("\n");
  const li = Math.floor(rand() * lines.length);
  const words = lines[li].split(/\s+/).filter((w) => /^[A-Za-z][A-Za-z'-]{2,}$/.test(w));
  if (words.length < 8 || lines[li].startsWith("```") || (docsWithLine.get(lines[li]) ?? 0) > 1) continue;
  const from = Math.floor(rand() * (words.length - 7));
  const picked = words.slice(from, from + 8).filter(() => rand() > 0.25);
  if (picked.length < 4) continue;
  questions.push({ query: picked.join(" "), fileName: c.file, line: lines[li] });
}
type Variant = { label: string; mode: RetrievalMode; fusion?: Fusion };
const VARIANTS: Variant[] = [
  { label: "bm25", mode: "bm25" },
  ...(vkb
    ? ([
        { label: "vector", mode: "vector" },
        { label: "hybrid weighted 0.7/0.3", mode: "hybrid", fusion: "weighted" },
        { label: "hybrid rrf (default)", mode: "hybrid", fusion: "rrf" },
      ] as Variant[])
    : []),
];
const searchKb = vkb ?? kb;
/** Search time without the query's embedding call (reported on its own). */
const embedTimes: number[] = [];
async function ask(v: Variant, query: string) {
  const t = performance.now();
  const r = await retrieve(actor, searchKb.id, query, { mode: v.mode, fusion: v.fusion, topK: 10 });
  const total = performance.now() - t;
  if (r.embedMs !== undefined) embedTimes.push(r.embedMs);
  return { hits: r.results, ms: total - (r.embedMs ?? 0) };
}
const quality = new Map<string, { recall5: number; mrr: number }>();
for (const v of VARIANTS) {
  const q5 = { recall5: 0, mrr: 0 };
  for (const q of questions) {
    const { hits } = await ask(v, q.query);
    const rank = hits.findIndex((h) => h.fileName === q.fileName && h.content.split("\n").includes(q.line));
    if (rank >= 0 && rank < 5) q5.recall5++;
    if (rank >= 0) q5.mrr += 1 / (rank + 1);
  }
  quality.set(v.label, { recall5: q5.recall5 / questions.length, mrr: q5.mrr / questions.length });
}

// 3. Query latency at about 10k and 100k chunks: the corpus's chunks, then copies of them.
const countIn = async (kbId: string) =>
  Number(
    (await db.execute<{ n: number }>(sql`select count(*)::int as n from kb_chunks where kb_id = ${kbId}`)).rows[0].n,
  );
async function growTo(target: number) {
  const id = searchKb.id;
  while ((await countIn(id)) < target) {
    const n = Math.min(20_000, target - (await countIn(id)));
    // Copies of the corpus's chunks, each with its vector (when the knowledge base has vectors).
    await db.execute(sql`
      with src as materialized (
        select c.*, nextval(pg_get_serial_sequence('kb_chunks', 'id')) as new_id
        from kb_chunks c where c.kb_id = ${id} order by c.id limit ${n}
      ), ins as (
        insert into kb_chunks (id, kb_id, document_id, ordinal, content, start_line, end_line, heading_path, token_count, search)
        select new_id, kb_id, document_id, ordinal + 100000, content, start_line, end_line, heading_path, token_count, search
        from src returning id
      )
      ${
        vkb
          ? sql`insert into kb_embeddings (chunk_id, kb_id, dims, embedding)
                select s.new_id, e.kb_id, e.dims, e.embedding from src s join kb_embeddings e on e.chunk_id = s.id`
          : sql`select count(*) from ins`
      }`);
  }
  await db.execute(sql`analyze kb_chunks`);
  if (vkb) await db.execute(sql`analyze kb_embeddings`);
  // The copies are indexed chunks of the knowledge base: its document frequencies count them.
  await recountKbTerms(id);
}
async function timeQueries(): Promise<Map<string, ReturnType<typeof summarize>>> {
  const out = new Map<string, ReturnType<typeof summarize>>();
  for (const v of VARIANTS) {
    const samples: number[] = [];
    for (const q of questions) samples.push((await ask(v, q.query)).ms);
    out.set(v.label, summarize(samples));
  }
  return out;
}
await growTo(10_000);
const at10k = await timeQueries();
const n10k = await countIn(searchKb.id);
await growTo(100_000);
const at100k = await timeQueries();
const n100k = await countIn(searchKb.id);

await runner.stop();
await mock.close();
const when = new Date().toISOString();
const dbName = isPg ? "PostgreSQL" : "PGlite";
const lines = [
  `## ${when} — knowledge bases, ${os.cpus().length} cores, Node ${process.version}, ${dbName}`,
  "",
  `Corpus: ${corpus.length} README.md files of installed npm packages, ${(corpusBytes / 1024 / 1024).toFixed(2)} MB, ${chunks} chunks (512-token preset).`,
  "",
  "| figure | value |",
  "|---|---|",
  `| ingest, markdown, full-text only (upload → indexed, job runner) | ${mbPerS.toFixed(2)} MB/s (${(ingestMs / 1000).toFixed(1)} s, ${bm25IngestErrors} documents failed) |`,
  vkb
    ? `| ingest, markdown, full text + demo embeddings over HTTP | ${vMbPerS.toFixed(2)} MB/s (${(vIngestMs / 1000).toFixed(1)} s, ${ingestErrors} documents failed) |`
    : "| ingest with embeddings | n/a: this database has no pgvector |",
  ...VARIANTS.flatMap((v) => [
    `| ${v.label} query p50 / p95 at ${n10k} chunks (n=${at10k.get(v.label)!.n}) | ${ms(at10k.get(v.label)!.p50)} / ${ms(at10k.get(v.label)!.p95)} |`,
    `| ${v.label} query p50 / p95 at ${n100k} chunks | ${ms(at100k.get(v.label)!.p50)} / ${ms(at100k.get(v.label)!.p95)} |`,
  ]),
  ...(embedTimes.length
    ? [
        `| query embedding call (HTTP, excluded above) p50 / p95 | ${ms(summarize(embedTimes).p50)} / ${ms(summarize(embedTimes).p95)} |`,
      ]
    : []),
  ...VARIANTS.map(
    (v) =>
      `| ${v.label} recall@5 / MRR, ${questions.length} known-item questions | ${quality.get(v.label)!.recall5.toFixed(3)} / ${quality.get(v.label)!.mrr.toFixed(3)} |`,
  ),
  ...(vkb ? [] : ["| vector and hybrid | n/a: this database has no pgvector |"]),
  "",
];
console.log(lines.join("\n"));
fs.appendFileSync(path.join(import.meta.dirname, "RESULTS.md"), lines.join("\n") + "\n");
await closeDatabase();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
