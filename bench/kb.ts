import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, setDatabase, closeDatabase, getDb } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import type { Actor } from "@/lib/auth/actor";
import { createKnowledgeBase } from "@/lib/db/knowledge-bases";
import { addKbDocuments } from "@/lib/db/kb-documents";
import { searchKbFullText } from "@/lib/db/kb-search";
import { JobRunner } from "@/lib/jobs/runner";
import "@/lib/kb/ingest-job";
import { npmReadmes, seeded } from "./kb-corpus";
import { ms, summarize } from "./stats";

/**
 * `npm run bench:kb`: knowledge-base ingestion throughput, query latency at 10k and 100k chunks,
 * and retrieval quality on the README files of the installed npm packages. PGlite in a fresh
 * data dir by default; DATABASE_URL=postgres://… runs it on a fresh database of that server.
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

// 2. Retrieval quality: known-item questions. A question is 8 consecutive words of a sentence in a
// random chunk, a quarter of them dropped; the answer is any chunk of that document holding that line.
type Question = { query: string; fileName: string; line: string };
const rand = seeded(12);
const sample = (
  await db.execute<{ file: string; content: string }>(sql`
  select d.name as file, c.content from kb_chunks c join kb_documents d on d.id = c.document_id
  where c.kb_id = ${kb.id} order by c.id`)
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
const quality = { recall5: 0, mrr: 0 };
const latency10k: number[] = [];
for (const q of questions) {
  const t = performance.now();
  const hits = await searchKbFullText(actor, kb.id, q.query, { topK: 10 });
  latency10k.push(performance.now() - t);
  const rank = hits.findIndex((h) => h.fileName === q.fileName && h.content.split("\n").includes(q.line));
  if (rank >= 0 && rank < 5) quality.recall5++;
  if (rank >= 0) quality.mrr += 1 / (rank + 1);
}
quality.recall5 /= questions.length;
quality.mrr /= questions.length;

// 3. Query latency at about 10k and 100k chunks: the corpus's chunks, then copies of them.
async function growTo(target: number) {
  while ((await count()) < target) {
    await db.execute(sql`
      insert into kb_chunks (kb_id, document_id, ordinal, content, start_line, end_line, heading_path, token_count, search)
      select kb_id, document_id, ordinal + 100000, content, start_line, end_line, heading_path, token_count, search
      from kb_chunks where kb_id = ${kb.id} limit ${target - (await count())}`);
  }
  await db.execute(sql`analyze kb_chunks`);
}
async function timeQueries(): Promise<number[]> {
  const out: number[] = [];
  for (const q of questions) {
    const t = performance.now();
    await searchKbFullText(actor, kb.id, q.query, { topK: 10 });
    out.push(performance.now() - t);
  }
  return out;
}
await growTo(10_000);
const at10k = summarize(await timeQueries());
const n10k = await count();
await growTo(100_000);
const at100k = summarize(await timeQueries());
const n100k = await count();

await runner.stop();
const when = new Date().toISOString();
const dbName = isPg ? "PostgreSQL" : "PGlite";
const lines = [
  `## ${when} — knowledge bases, ${os.cpus().length} cores, Node ${process.version}, ${dbName}`,
  "",
  `Corpus: ${corpus.length} README.md files of installed npm packages, ${(corpusBytes / 1024 / 1024).toFixed(2)} MB, ${chunks} chunks (512-token preset).`,
  "",
  "| figure | value |",
  "|---|---|",
  `| ingest, markdown, full-text only (upload → indexed, job runner) | ${mbPerS.toFixed(2)} MB/s (${(ingestMs / 1000).toFixed(1)} s, ${ingestErrors} documents failed) |`,
  `| bm25 query p50 / p95 at ${n10k} chunks (n=${at10k.n}) | ${ms(at10k.p50)} / ${ms(at10k.p95)} |`,
  `| bm25 query p50 / p95 at ${n100k} chunks (n=${at100k.n}) | ${ms(at100k.p50)} / ${ms(at100k.p95)} |`,
  `| bm25 recall@5 / MRR, ${questions.length} known-item questions | ${quality.recall5.toFixed(3)} / ${quality.mrr.toFixed(3)} |`,
  "",
];
console.log(lines.join("\n"));
fs.appendFileSync(path.join(import.meta.dirname, "RESULTS.md"), lines.join("\n") + "\n");
await closeDatabase();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
