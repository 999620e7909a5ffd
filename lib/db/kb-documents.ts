import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "./client";
import { CHUNK_TOTAL_TERM, kbDocuments } from "./kb-schema";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { listReadableKnowledgeBases, requireKnowledgeBase } from "./knowledge-bases";
import { cancelJobsInGroup } from "./jobs";
import { kbUsage, type KbUsage } from "./kb-usage";
import { users } from "./schema";
import { enqueueJob, enqueueNewJobs } from "./jobs";

type KbDocumentRow = typeof kbDocuments.$inferSelect;

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

/** A new document's row, made by lib/kb/documents.ts before its file is written. */
export type NewKbDocument = Pick<KbDocumentRow, "id" | "createdAt" | "name" | "mediaType" | "size" | "sha256">;

/** Refuses (throws) when an upload would pass a quota (lib/kb/quota.ts). */
export type AdmitKbUpload = (usage: KbUsage, adding: { bytes: number; documents: number }) => void;

/** Asks before any file is written (manage access, then the quota): lib/kb/documents.ts. */
export async function admitKbDocuments(
  actor: Actor,
  kbId: string,
  adding: { bytes: number; documents: number },
  admit: AdmitKbUpload,
): Promise<void> {
  await requireKnowledgeBase(actor, kbId, "manage");
  admit(await kbUsage(actor.id, kbId), adding);
}

/**
 * Stores the rows of uploaded documents whose files are written, as `uploaded`, and queues one
 * ingestion job each. The quota is asked again under the user's row lock, so one user's
 * concurrent uploads are admitted one at a time (the second sees the first's rows).
 */
export async function insertKbDocuments(
  actor: Actor,
  kbId: string,
  docs: NewKbDocument[],
  admit: AdmitKbUpload,
): Promise<KbDocumentMeta[]> {
  const adding = { bytes: docs.reduce((n, d) => n + d.size, 0), documents: docs.length };
  await requireKnowledgeBase(actor, kbId, "manage");
  const db = await getDb();
  const inserted = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("update");
    admit(await kbUsage(actor.id, kbId, tx), adding);
    return tx
      .insert(kbDocuments)
      .values(docs.map((d) => ({ ...d, kbId, uploadedBy: actor.id })))
      .returning(meta);
  });
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

/** Deletes a document's row with its chunks and its pending job (manage access); not its file. */
export async function deleteKbDocumentRow(actor: Actor, kbId: string, documentId: string): Promise<void> {
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

/** Start-up seeding: the row of a seeded knowledge base's document whose file is written, queued like an upload. */
export async function insertSeedDocument(kbId: string, doc: NewKbDocument): Promise<void> {
  const db = await getDb();
  await db.insert(kbDocuments).values({ ...doc, kbId });
  await queueIngestion(kbId, doc.id, doc.size);
}
