import { registerJobHandler, type BatchContext } from "@/lib/jobs/runner";
import { failureCode, IngestFailure, RetryableIngestFailure } from "./ingest-failure";
import type { ClaimedJob } from "@/lib/db/jobs";
import { ingestGroup, INGEST_JOB, queueIngestion } from "@/lib/db/kb-documents";
import {
  findStrandedDocuments,
  finishIndexing,
  insertChunkRows,
  loadIngestTargets,
  saveParsedContent,
  startIndexing,
  updateIngestStage,
  loadIngestTarget,
  type ChunkRow,
  type IngestTarget,
} from "@/lib/db/kb-ingest";
import { kbFileKey, kbFilesStore } from "./files";
import { kbFormatOf } from "./parse/formats";
import { parseDocumentInWorker } from "./parse/parse-in-worker";
import { isParseFailure } from "./parse/parse-failure";
import { chunkDocument } from "./chunk";
import { vectorsAvailable } from "@/lib/db/client";
import { insertEmbeddings } from "@/lib/db/kb-embeddings";
import { embedTexts } from "@/lib/models/embed";
import { embeddingText } from "./embedding-text";
import { effectiveChunking } from "./chunking-settings";
import { segmentCjk } from "./segment";
import type { Chunk } from "./chunk";

/**
 * Ingestion: uploaded → parsing → parsed → indexing → indexed. Documents are ingested in batches
 * (the runner hands over up to BATCH_DOCUMENTS ready jobs and BATCH_BYTES of uploads at once):
 * many small files cost a few statements per batch instead of a few per file, and a few large
 * ones still spread over the workers. A retried or taken-over job resumes after the last
 * finished stage (a parsed document is not parsed again). A document that fails fails alone
 * while parsing; a failed statement while indexing fails that knowledge base's documents of the
 * batch, and each is retried as its own job.
 */

const BATCH_DOCUMENTS = 32;
/** Uploaded bytes per batch: a few large files go to different workers instead of one batch. */
const BATCH_BYTES = 1024 * 1024;
/** Chunks per statement: large documents report progress between these. */
const CHUNKS_PER_STATEMENT = 256;

const documentIdOf = (job: ClaimedJob) => String(job.payload.documentId ?? "");

/**
 * Between steps: stop when cancelled, and give the event loop a turn. On PGlite every statement
 * runs on the main thread and resolves through microtasks only, so a job that never yields
 * would keep requests and timers waiting until the whole batch is indexed.
 */
async function checkpoint(signal: AbortSignal) {
  await new Promise((resolve) => setImmediate(resolve));
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error("Cancelled.");
}

async function readUpload(kbId: string, documentId: string): Promise<Uint8Array> {
  try {
    return await kbFilesStore().read(kbFileKey(kbId, documentId));
  } catch {
    throw new IngestFailure(
      "file_missing",
      "The uploaded file is missing from storage. Delete the document and upload it again.",
    );
  }
}

async function parseTarget(target: IngestTarget): Promise<string> {
  const format = kbFormatOf(target.name);
  if (!format) throw new IngestFailure("unsupported_type", `"${target.name}" is not a supported document type.`);
  const bytes = await readUpload(target.kbId, target.documentId);
  let text: string;
  try {
    text = await parseDocumentInWorker(bytes, format);
  } catch (err) {
    throw isParseFailure(err) ? new IngestFailure(err.code, err.message) : err;
  }
  const content = text.replaceAll("\0", ""); // PostgreSQL text cannot hold NUL
  if (!content.trim()) throw new IngestFailure("no_text", "The document has no text.");
  return content;
}

const needsParsing = (t: IngestTarget) =>
  t.content === null || t.status === "uploaded" || t.status === "parsing" || t.status === "error_parsing";

async function ingestBatch(jobs: ClaimedJob[], { signal }: BatchContext): Promise<Map<string, unknown>> {
  const jobOf = new Map(jobs.map((job) => [documentIdOf(job), job.id]));
  const errors = new Map<string, unknown>();
  // A deleted document's job just completes, and so does an indexed one's (its worker died after
  // finishIndexing: indexing it again would count its terms twice).
  const targets = (await loadIngestTargets([...jobOf.keys()])).filter((t) => t.status !== "indexed");

  const toParse = targets.filter(needsParsing);
  const parsingIds = new Set(
    await updateIngestStage(
      toParse.map((t) => t.documentId),
      { status: "parsing", progress: 0, error: null, errorCode: null },
    ),
  );
  const parsed: { documentId: string; content: string; lineCount: number }[] = [];
  for (const target of toParse) {
    if (!parsingIds.has(target.documentId)) continue;
    await checkpoint(signal);
    try {
      target.content = await parseTarget(target);
      parsed.push({
        documentId: target.documentId,
        content: target.content,
        lineCount: target.content.split("\n").length,
      });
    } catch (err) {
      errors.set(jobOf.get(target.documentId)!, err);
    }
  }
  const parsedIds = new Set(await saveParsedContent(parsed));
  const ready = targets.filter((t) => !toParse.includes(t) || parsedIds.has(t.documentId));

  const byKb = new Map<string, IngestTarget[]>();
  for (const t of ready) {
    const group = byKb.get(t.kbId);
    if (group) group.push(t);
    else byKb.set(t.kbId, [t]);
  }
  for (const group of byKb.values()) {
    await checkpoint(signal);
    try {
      await indexDocuments(group, signal);
    } catch (err) {
      if (signal.aborted) throw err;
      for (const t of group) errors.set(jobOf.get(t.documentId)!, err);
    }
  }
  return errors;
}

/** The texts a chunk's full-text vector is made of, CJK runs segmented as queries are (full-text-search.ts). */
function searchTexts(chunk: Chunk): { headingText: string; searchText: string | null } {
  const segmented = segmentCjk(chunk.content);
  // Null when segmenting changes nothing (text without CJK): the content is not sent twice.
  return {
    headingText: segmentCjk(chunk.headingPath.join(" ")),
    searchText: segmented === chunk.content ? null : segmented,
  };
}

/** Chunks, writes and counts the parsed documents of one knowledge base. */
async function indexDocuments(targets: IngestTarget[], signal: AbortSignal): Promise<void> {
  const { kbId, embeddingModel: model } = targets[0];
  const live = new Set(await startIndexing(targets.map((t) => t.documentId)));
  const embeddingModel = model && (await vectorsAvailable()) ? model : null;
  const docs = targets
    .filter((t) => live.has(t.documentId))
    .map((t) => ({ documentId: t.documentId, chunks: chunkDocument(t.content!, effectiveChunking(t.chunking)) }));
  const rows: ChunkRow[] = docs.flatMap((d) =>
    d.chunks.map((chunk, ordinal) => ({ documentId: d.documentId, ordinal, chunk, ...searchTexts(chunk) })),
  );
  const total = new Map(docs.map((d) => [d.documentId, d.chunks.length]));
  for (let i = 0; i < rows.length; i += CHUNKS_PER_STATEMENT) {
    await checkpoint(signal);
    const slice = rows.slice(i, i + CHUNKS_PER_STATEMENT);
    const ids = await insertChunkRows(kbId, slice);
    if (embeddingModel) await embedRows(kbId, embeddingModel, ids, slice);
    // A document whose chunks are partly written reports how far it got (finishIndexing writes 100).
    const last = slice[slice.length - 1];
    const written = last.ordinal + 1;
    const of = total.get(last.documentId)!;
    if (written < of) await updateIngestStage([last.documentId], { progress: Math.floor((written / of) * 99) });
  }
  await finishIndexing(
    kbId,
    docs.map((d) => ({ documentId: d.documentId, chunkCount: d.chunks.length })),
  );
}

async function embedRows(kbId: string, spec: string, ids: (number | null)[], rows: ChunkRow[]): Promise<void> {
  const kept = rows.flatMap((r, i) => (ids[i] === null ? [] : [{ id: ids[i]!, chunk: r.chunk }]));
  if (kept.length === 0) return;
  const result = await embedTexts(
    spec,
    kept.map((k) => embeddingText(k.chunk)),
  );
  if (!result.ok) {
    const reason = `Embedding failed: ${result.error}`;
    throw result.retryable
      ? new RetryableIngestFailure("embedding_failed", reason)
      : new IngestFailure("embedding_failed", reason);
  }
  await insertEmbeddings(
    kbId,
    kept.map((k) => k.id),
    result.vectors,
  );
}

async function markFailed(job: ClaimedJob, error: string, cause?: unknown): Promise<void> {
  const documentId = documentIdOf(job);
  const target = await loadIngestTarget(documentId);
  if (!target) return;
  const parsing = target.status === "uploaded" || target.status === "parsing";
  await updateIngestStage([documentId], {
    status: parsing ? "error_parsing" : "error_indexing",
    error: error.slice(0, 1000),
    errorCode: failureCode(cause, parsing),
    progress: 0,
  });
}

registerJobHandler(INGEST_JOB, {
  batchSize: BATCH_DOCUMENTS,
  batchWeight: { key: "bytes", max: BATCH_BYTES },
  runBatch: ingestBatch,
  onFailed: markFailed,
});

/** Queues the documents that were left mid-way with no job (a crash between storing and queueing). */
export async function requeueStrandedDocuments(): Promise<number> {
  const stranded = await findStrandedDocuments(ingestGroup);
  for (const { kbId, documentId, size } of stranded) await queueIngestion(kbId, documentId, size);
  return stranded.length;
}

const sweepKey = Symbol.for("meridian.kbStrandedSweep");
type GlobalWithSweep = typeof globalThis & { [sweepKey]?: NodeJS.Timeout };

/** At start and every minute; one timer per process, never keeping the process alive by itself. */
export function scheduleStrandedDocumentSweep(intervalMs = 60_000): void {
  const g = globalThis as GlobalWithSweep;
  if (g[sweepKey]) return;
  const sweep = () =>
    requeueStrandedDocuments().catch((err) => console.error("[kb] requeueing stranded documents failed:", err));
  void sweep();
  g[sweepKey] = setInterval(sweep, intervalMs);
  g[sweepKey].unref();
}
