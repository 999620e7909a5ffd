import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "./client";
import { CHUNK_TOTAL_TERM, kbDocuments } from "./kb-schema";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { listReadableKnowledgeBases, requireKnowledgeBase } from "./knowledge-bases";
import { kbFileKey, kbFilesStore, removeKbFiles } from "@/lib/kb/files";
import { KB_FORMATS, kbFormatOf } from "@/lib/kb/parse/formats";
import type { IncomingDocument } from "@/lib/kb/intake";
import { cancelJobsInGroup } from "./jobs";
import { kbUsage, type KbUsage } from "./kb-usage";
import { users } from "./schema";
import { enqueueJob, enqueueNewJobs } from "./jobs";

const FILE_WRITES_AT_ONCE = 8;

export type KbDocumentRow = typeof kbDocuments.$inferSelect;

export const INGEST_JOB = "kb.ingest";
export const ingestGroup = (documentId: string) => `kb-document:${documentId}`;

/** The metadata columns: never the parsed text, which can be megabytes. */
const meta = {
  id: kbDocuments.id,
  kbId: kbDocuments.kbId,
  name: kbDocuments.name,
  mediaType: kbDocuments.mediaType,
  size: kbDocuments.size,
  status: kbDocuments.status,
  error: kbDocuments.error,
  errorCode: kbDocuments.errorCode,
  progress: kbDocuments.progress,
  lineCount: kbDocuments.lineCount,
  chunkCount: kbDocuments.chunkCount,
  createdAt: kbDocuments.createdAt,
  updatedAt: kbDocuments.updatedAt,
};
export type KbDocumentMeta = Pick<KbDocumentRow, keyof typeof meta>;

/** The ingestion job's payload; `bytes` (the upload's size) caps how many run in one batch. */
const ingestPayload = (kbId: string, documentId: string, bytes: number) => ({ kbId, documentId, bytes });

export async function queueIngestion(kbId: string, documentId: string, bytes: number) {
  await enqueueJob({
    kind: INGEST_JOB,
    payload: ingestPayload(kbId, documentId, bytes),
    groupKey: ingestGroup(documentId),
  });
}

/**
 * Stores uploaded documents (manage access): rows as `uploaded`, files in the KB store, then one
 * ingestion job each. A failure while storing removes what this call stored.
 */
export async function addKbDocuments(
  actor: Actor,
  kbId: string,
  docs: IncomingDocument[],
  /** Refuses (throws) when the upload would pass a quota: asked before the files are written and again under a lock. */
  admit: (usage: KbUsage, adding: { bytes: number; documents: number }) => void = () => {},
): Promise<KbDocumentMeta[]> {
  await requireKnowledgeBase(actor, kbId, "manage");
  const adding = { bytes: docs.reduce((n, d) => n + d.bytes.byteLength, 0), documents: docs.length };
  admit(await kbUsage(actor.id, kbId), adding);
  const now = Date.now();
  const rows = docs.map((d, i) => ({
    id: crypto.randomUUID(),
    createdAt: new Date(now + i), // the list shows documents in upload order: one statement stores them all
    kbId,
    name: d.name,
    mediaType: KB_FORMATS[kbFormatOf(d.name)!],
    size: d.bytes.byteLength,
    sha256: crypto.createHash("sha256").update(d.bytes).digest("hex"),
    uploadedBy: actor.id,
  }));
  const store = kbFilesStore();
  try {
    // A few at a time: many small files are written in a fraction of the time one by one takes.
    for (let i = 0; i < rows.length; i += FILE_WRITES_AT_ONCE)
      await Promise.all(
        rows.slice(i, i + FILE_WRITES_AT_ONCE).map((row, j) => store.write(kbFileKey(kbId, row.id), docs[i + j].bytes)),
      );
  } catch (err) {
    await Promise.allSettled(rows.map((r) => removeKbFiles(kbId, r.id)));
    throw err;
  }
  const db = await getDb();
  let inserted: KbDocumentMeta[];
  try {
    // The user's row lock takes this user's concurrent uploads one at a time: the second sees the first's rows.
    inserted = await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("update");
      admit(await kbUsage(actor.id, kbId, tx), adding);
      return tx.insert(kbDocuments).values(rows).returning(meta);
    });
  } catch (err) {
    await Promise.allSettled(rows.map((r) => removeKbFiles(kbId, r.id)));
    throw err;
  }
  // New documents have no job yet: one statement queues them all. A document whose job could not
  // be queued here is queued by requeueStrandedDocuments.
  await enqueueNewJobs(
    inserted.map((row) => ({
      kind: INGEST_JOB,
      payload: ingestPayload(kbId, row.id, row.size),
      groupKey: ingestGroup(row.id),
    })),
  );
  return inserted;
}

export async function listKbDocuments(actor: Actor, kbId: string): Promise<KbDocumentMeta[]> {
  await requireKnowledgeBase(actor, kbId);
  const db = await getDb();
  return db.select(meta).from(kbDocuments).where(eq(kbDocuments.kbId, kbId)).orderBy(asc(kbDocuments.createdAt));
}

export async function requireKbDocument(
  actor: Actor,
  kbId: string,
  documentId: string,
  needed: "read" | "manage" = "read",
) {
  const kb = await requireKnowledgeBase(actor, kbId, needed);
  const db = await getDb();
  const [doc] = await db
    .select(meta)
    .from(kbDocuments)
    .where(and(eq(kbDocuments.id, documentId), eq(kbDocuments.kbId, kbId)))
    .limit(1);
  if (!doc) throw new ApiError("not_found:kb_document", "This document is not in the knowledge base.");
  return { kb, doc };
}

/** A readable document with its parsed text (null while it has not been parsed). */
export async function readKbDocumentText(actor: Actor, kbId: string, documentId: string) {
  const { doc } = await requireKbDocument(actor, kbId, documentId);
  const db = await getDb();
  const [row] = await db
    .select({ content: kbDocuments.content })
    .from(kbDocuments)
    .where(eq(kbDocuments.id, documentId));
  return { doc, text: row?.content ?? null };
}

/** Deletes a document with its chunks, its pending job and its file (manage access). */
export async function deleteKbDocument(actor: Actor, kbId: string, documentId: string): Promise<void> {
  await requireKbDocument(actor, kbId, documentId, "manage");
  await cancelJobsInGroup(ingestGroup(documentId));
  const db = await getDb();
  await db.transaction(async (tx) => {
    // An indexed document's lexemes leave the document frequencies with it.
    await tx.execute(sql`
      with s as (
        select word, ndoc from ts_stat(format('select c.search from kb_chunks c join kb_documents d on d.id = c.document_id
                                               where d.status = ''indexed'' and d.id = %L', ${documentId}::text))
        union all -- the knowledge base's count of indexed chunks (see finishIndexing)
        select ${CHUNK_TOTAL_TERM}, chunk_count from kb_documents where id = ${documentId} and status = 'indexed'
      ), locked as (
        -- Rows locked in term order, as finishIndexing does: no deadlock with a document being indexed.
        select t.term from kb_terms t join s on s.word = t.term where t.kb_id = ${kbId} order by t.term for update of t
      )
      update kb_terms t set df = t.df - s.ndoc
      from s where t.kb_id = ${kbId} and t.term = s.word and t.term in (select term from locked)`);
    await tx.execute(sql`delete from kb_terms where kb_id = ${kbId} and df <= 0`);
    await tx.delete(kbDocuments).where(eq(kbDocuments.id, documentId));
  });
  await removeKbFiles(kbId, documentId);
}

/** Runs ingestion again for a document that failed (manage access); other statuses are refused. */
export async function retryKbDocument(actor: Actor, kbId: string, documentId: string): Promise<KbDocumentMeta> {
  const { doc } = await requireKbDocument(actor, kbId, documentId, "manage");
  if (doc.status !== "error_parsing" && doc.status !== "error_indexing")
    throw new ApiError("conflict:kb", `Only a document that failed can be retried; this one is ${doc.status}.`);
  const db = await getDb();
  const [row] = await db
    .update(kbDocuments)
    .set({
      status: doc.status === "error_parsing" ? "uploaded" : "parsed",
      error: null,
      errorCode: null,
      progress: 0,
      updatedAt: new Date(),
    })
    .where(eq(kbDocuments.id, documentId))
    .returning(meta);
  await queueIngestion(kbId, documentId, doc.size);
  return row;
}

export type KbFileListing = Pick<KbDocumentMeta, "id" | "name" | "status" | "size" | "chunkCount"> & { kbId: string };

/** Documents of the given knowledge bases whose name contains `query`, for those the actor can read. */
export async function findKbFiles(
  actor: Actor,
  kbIds: string[],
  opts: { query?: string; offset: number; limit: number },
): Promise<{ total: number; files: KbFileListing[] }> {
  const readable = new Set((await listReadableKnowledgeBases(actor)).map((k) => k.kbId));
  const ids = kbIds.filter((id) => readable.has(id));
  if (ids.length === 0) return { total: 0, files: [] };
  const db = await getDb();
  const where = and(
    sql`${kbDocuments.kbId} = any(${sql.param(ids)}::text[])`,
    opts.query ? sql`strpos(lower(${kbDocuments.name}), lower(${opts.query})) > 0` : undefined,
  );
  const [files, [{ total }]] = await Promise.all([
    db
      .select({
        kbId: kbDocuments.kbId,
        id: kbDocuments.id,
        name: kbDocuments.name,
        status: kbDocuments.status,
        size: kbDocuments.size,
        chunkCount: kbDocuments.chunkCount,
      })
      .from(kbDocuments)
      .where(where)
      .orderBy(asc(kbDocuments.name), asc(kbDocuments.id))
      .offset(opts.offset)
      .limit(opts.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(kbDocuments)
      .where(where),
  ]);
  return { total, files };
}

/** The uploaded file of a readable document, as it was uploaded. */
export async function readKbFile(actor: Actor, kbId: string, documentId: string) {
  const { doc } = await requireKbDocument(actor, kbId, documentId);
  return { name: doc.name, mediaType: doc.mediaType, bytes: await kbFilesStore().read(kbFileKey(kbId, documentId)) };
}

/** Start-up seeding: documents of a seeded knowledge base, stored and queued like uploads. */
export async function insertSeedDocuments(kbId: string, docs: IncomingDocument[]): Promise<void> {
  const db = await getDb();
  for (const d of docs) {
    const id = crypto.randomUUID();
    await kbFilesStore().write(kbFileKey(kbId, id), d.bytes);
    await db.insert(kbDocuments).values({
      id,
      kbId,
      name: d.name,
      mediaType: KB_FORMATS[kbFormatOf(d.name) ?? "txt"],
      size: d.bytes.byteLength,
      sha256: crypto.createHash("sha256").update(d.bytes).digest("hex"),
    });
    await queueIngestion(kbId, id, d.bytes.byteLength);
  }
}
