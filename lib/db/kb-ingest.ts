import { eq, sql } from "drizzle-orm";
import { getDb } from "./client";
import { CHUNK_TOTAL_TERM, kbDocuments, knowledgeBases, type KbChunking, type KbDocumentStatus } from "./kb-schema";
import type { Chunk } from "@/lib/kb/chunk";
import { segmentCjk } from "@/lib/kb/segment";

/**
 * The ingestion job's statements. The job runs without a user: the upload route checked manage
 * access, and each step re-reads the document, so a deleted document or KB stops the job.
 */

export type IngestTarget = {
  documentId: string;
  kbId: string;
  name: string;
  status: KbDocumentStatus;
  content: string | null;
  chunking: KbChunking;
  /** The knowledge base's embedding model, or null for full-text only. */
  embeddingModel: string | null;
};

export async function loadIngestTarget(documentId: string): Promise<IngestTarget | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      documentId: kbDocuments.id,
      kbId: kbDocuments.kbId,
      name: kbDocuments.name,
      status: kbDocuments.status,
      content: kbDocuments.content,
      chunking: knowledgeBases.chunking,
      embeddingModel: knowledgeBases.embeddingModel,
    })
    .from(kbDocuments)
    .innerJoin(knowledgeBases, eq(knowledgeBases.id, kbDocuments.kbId))
    .where(eq(kbDocuments.id, documentId))
    .limit(1);
  return row ?? null;
}

export type StageUpdate = {
  status?: KbDocumentStatus;
  progress?: number;
  error?: string | null;
  content?: string;
  lineCount?: number;
  chunkCount?: number;
};

/** False when the document is gone. */
export async function updateIngestStage(documentId: string, update: StageUpdate): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(kbDocuments)
    .set({ ...update, updatedAt: new Date() })
    .where(eq(kbDocuments.id, documentId))
    .returning({ id: kbDocuments.id });
  return rows.length > 0;
}

export async function deleteDocumentChunks(documentId: string): Promise<void> {
  const db = await getDb();
  await db.execute(sql`delete from kb_chunks where document_id = ${documentId}`);
}

/**
 * One batch of chunks in one statement (arrays unnested server-side). The full-text vector
 * weighs the heading path above the text, with CJK runs segmented into words first.
 */
export async function insertChunkBatch(
  kbId: string,
  documentId: string,
  firstOrdinal: number,
  chunks: Chunk[],
): Promise<number[]> {
  const db = await getDb();
  const col = <T>(pick: (c: Chunk, i: number) => T) => sql.param(chunks.map(pick));
  const res = await db.execute<{ id: number; ordinal: number }>(sql`
    insert into kb_chunks (kb_id, document_id, ordinal, content, start_line, end_line, heading_path, token_count, search)
    select ${kbId}, ${documentId}, u.ordinal, u.content, u.start_line, u.end_line, u.heading_path::jsonb, u.token_count,
           setweight(to_tsvector('english', u.heading_text), 'B') || to_tsvector('english', u.search_text)
    from unnest(${col((_, i) => firstOrdinal + i)}::int[], ${col((c) => c.content)}::text[],
                ${col((c) => c.startLine)}::int[], ${col((c) => c.endLine)}::int[],
                ${col((c) => JSON.stringify(c.headingPath))}::text[], ${col((c) => c.tokenCount)}::int[],
                ${col((c) => segmentCjk(c.headingPath.join(" ")))}::text[], ${col((c) => segmentCjk(c.content))}::text[])
         as u(ordinal, content, start_line, end_line, heading_path, token_count, heading_text, search_text)
    returning id::float8 as id, ordinal`);
  return res.rows.sort((a, b) => a.ordinal - b.ordinal).map((r) => Number(r.id));
}

/** Documents left mid-way with no job to finish them (a crash between storing and queueing). */
export async function findStrandedDocuments(
  groupOf: (documentId: string) => string,
): Promise<{ kbId: string; documentId: string }[]> {
  const db = await getDb();
  const res = await db.execute<{ kb_id: string; id: string }>(sql`
    select d.kb_id, d.id from kb_documents d
    where d.status in ('uploaded', 'parsing', 'parsed', 'indexing')
      and d.updated_at < now() - interval '10 seconds'
      and not exists (select 1 from jobs j where j.group_key = ${groupOf("")} || d.id and j.status in ('queued', 'running'))`);
  return res.rows.map((r) => ({ kbId: r.kb_id, documentId: r.id }));
}

/**
 * The last step of indexing, atomically: the document's lexemes join the knowledge base's
 * document frequencies (and its chunks the total under CHUNK_TOTAL_TERM), and the document
 * becomes `indexed`. A document's lexemes are counted exactly while it is indexed
 * (deleteKbDocument takes them out again).
 */
export async function finishIndexing(kbId: string, documentId: string, chunkCount: number): Promise<boolean> {
  const db = await getDb();
  // One statement, so one round trip and atomic: the counts change only if the document is still there.
  const res = await db.execute<{ n: number }>(sql`
    with doc as (
      update kb_documents set status = 'indexed', progress = 100, chunk_count = ${chunkCount}, updated_at = now()
      where id = ${documentId}
      returning id
    ), counted as (
      insert into kb_terms (kb_id, term, df)
      select ${kbId}, word, ndoc from (
        select word, ndoc from ts_stat(format('select search from kb_chunks where document_id = %L', ${documentId}::text))
        union all select ${CHUNK_TOTAL_TERM}, ${chunkCount}::int -- the number of indexed chunks
      ) s
      where exists (select 1 from doc)
      order by word -- every writer locks terms in one order: concurrent documents cannot deadlock
      on conflict (kb_id, term) do update set df = kb_terms.df + excluded.df
    )
    select count(*)::int as n from doc`);
  return res.rows[0].n > 0;
}

/**
 * Counts a knowledge base's document frequencies and chunk total again from its indexed chunks:
 * for chunks written without finishIndexing (bench/kb.ts's copies, tests).
 */
export async function recountKbTerms(kbId: string): Promise<void> {
  const db = await getDb();
  const indexed = sql`select c.search from kb_chunks c join kb_documents d on d.id = c.document_id
                      where d.status = 'indexed' and d.kb_id = ${kbId}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from kb_terms where kb_id = ${kbId}`);
    await tx.execute(sql`
      insert into kb_terms (kb_id, term, df)
      select ${kbId}, word, ndoc from ts_stat(format('select c.search from kb_chunks c join kb_documents d on d.id = c.document_id
                                                      where d.status = ''indexed'' and d.kb_id = %L', ${kbId}::text))
      union all select ${kbId}, ${CHUNK_TOTAL_TERM}, count(*)::int from (${indexed}) i`);
  });
}
