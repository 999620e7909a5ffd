import { registerJobHandler, PermanentJobError } from "@/lib/jobs/runner";
import type { ClaimedJob } from "@/lib/db/jobs";
import { ingestGroup, INGEST_JOB, queueIngestion } from "@/lib/db/kb-documents";
import {
  deleteDocumentChunks,
  findStrandedDocuments,
  finishIndexing,
  insertChunkBatch,
  loadIngestTarget,
  updateIngestStage,
} from "@/lib/db/kb-ingest";
import { kbFileKey, kbFilesStore } from "./files";
import { kbFormatOf } from "./parse/formats";
import { parseDocument } from "./parse/parse-document";
import { chunkDocument, type Chunk } from "./chunk";
import { vectorsAvailable } from "@/lib/db/client";
import { insertEmbeddings } from "@/lib/db/kb-embeddings";
import { embedTexts } from "@/lib/models/embed";
import { embeddingText } from "./embedding-text";
import { effectiveChunking } from "./chunking-settings";

/**
 * Ingestion: uploaded → parsing → parsed → indexing → indexed. A retried or taken-over job
 * resumes after the last finished stage (a parsed document is not parsed again).
 */

const BATCH = 256;

const documentIdOf = (job: ClaimedJob) => String(job.payload.documentId ?? "");

/**
 * Between steps: stop when cancelled, and give the event loop a turn. On PGlite every statement
 * runs on the main thread and resolves through microtasks only, so a job that never yields
 * would keep requests and timers waiting until the whole document is indexed.
 */
async function checkpoint(signal: AbortSignal) {
  await new Promise((resolve) => setImmediate(resolve));
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error("Cancelled.");
}

async function readUpload(kbId: string, documentId: string): Promise<Uint8Array> {
  try {
    return await kbFilesStore().read(kbFileKey(kbId, documentId));
  } catch {
    throw new PermanentJobError("The uploaded file is missing from storage. Delete the document and upload it again.");
  }
}

async function ingest(job: ClaimedJob, { signal }: { signal: AbortSignal }): Promise<void> {
  const documentId = documentIdOf(job);
  const target = await loadIngestTarget(documentId);
  if (!target) return; // deleted since it was queued
  let content = target.content;
  if (
    content === null ||
    target.status === "uploaded" ||
    target.status === "parsing" ||
    target.status === "error_parsing"
  ) {
    await updateIngestStage(documentId, { status: "parsing", progress: 0, error: null });
    const format = kbFormatOf(target.name);
    if (!format) throw new PermanentJobError(`"${target.name}" is not a supported document type.`);
    const text = await parseDocument(await readUpload(target.kbId, documentId), format);
    content = text.replaceAll("\0", ""); // PostgreSQL text cannot hold NUL
    if (!content.trim()) throw new PermanentJobError("The document has no text.");
    const lineCount = content.split("\n").length;
    if (!(await updateIngestStage(documentId, { status: "parsed", progress: 100, content, lineCount }))) return;
  }
  await checkpoint(signal);
  if (!(await updateIngestStage(documentId, { status: "indexing", progress: 0, error: null }))) return;
  const chunks = chunkDocument(content, effectiveChunking(target.chunking));
  const embeddingModel = target.embeddingModel && (await vectorsAvailable()) ? target.embeddingModel : null;
  // Chunks exist only when indexing started before (a retry or a takeover): start it over.
  if (target.status === "indexing" || target.status === "error_indexing" || target.status === "indexed")
    await deleteDocumentChunks(documentId);
  for (let i = 0; i < chunks.length; i += BATCH) {
    await checkpoint(signal);
    const batch = chunks.slice(i, i + BATCH);
    const ids = await insertChunkBatch(target.kbId, documentId, i, batch);
    if (embeddingModel) await embedBatch(target.kbId, embeddingModel, ids, batch);
    const done = Math.min(chunks.length, i + BATCH);
    if (done === chunks.length) break; // finishIndexing writes 100
    if (!(await updateIngestStage(documentId, { progress: Math.floor((done / chunks.length) * 99) }))) return;
  }
  await finishIndexing(target.kbId, documentId, chunks.length);
}

async function embedBatch(kbId: string, spec: string, ids: number[], batch: Chunk[]): Promise<void> {
  const result = await embedTexts(spec, batch.map(embeddingText));
  if (!result.ok) {
    const reason = `Embedding failed: ${result.error}`;
    throw result.retryable ? new Error(reason) : new PermanentJobError(reason);
  }
  await insertEmbeddings(kbId, ids, result.vectors);
}

async function markFailed(job: ClaimedJob, error: string): Promise<void> {
  const documentId = documentIdOf(job);
  const target = await loadIngestTarget(documentId);
  if (!target) return;
  const parsing = target.status === "uploaded" || target.status === "parsing";
  await updateIngestStage(documentId, {
    status: parsing ? "error_parsing" : "error_indexing",
    error: error.slice(0, 1000),
    progress: 0,
  });
}

registerJobHandler(INGEST_JOB, { run: ingest, onFailed: markFailed });

/** Queues the documents that were left mid-way with no job (a crash between storing and queueing). */
export async function requeueStrandedDocuments(): Promise<number> {
  const stranded = await findStrandedDocuments(ingestGroup);
  for (const { kbId, documentId } of stranded) await queueIngestion(kbId, documentId);
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
