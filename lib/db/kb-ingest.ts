import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "./client";
import {
  CHUNK_TOTAL_TERM,
  kbDocuments,
  knowledgeBases,
  type IngestFailureCode,
  type KbChunking,
  type KbDocumentStatus,
} from "./kb-schema";

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

const targetColumns = {
  documentId: kbDocuments.id,
  kbId: kbDocuments.kbId,
  name: kbDocuments.name,
  status: kbDocuments.status,
  content: kbDocuments.content,
  chunking: knowledgeBases.chunking,
  embeddingModel: knowledgeBases.embeddingModel,
};

export async function loadIngestTarget(documentId: string): Promise<IngestTarget | null> {
  const [row] = await loadIngestTargets([documentId]);
  return row ?? null;
}

/** The documents that still exist, in no particular order. */
export async function loadIngestTargets(documentIds: string[]): Promise<IngestTarget[]> {
  const db = await getDb();
  return db
    .select(targetColumns)
    .from(kbDocuments)
    .innerJoin(knowledgeBases, eq(knowledgeBases.id, kbDocuments.kbId))
    .where(inArray(kbDocuments.id, documentIds));
}

export type StageUpdate = {
  status?: KbDocumentStatus;
  progress?: number;
  error?: string | null;
  errorCode?: IngestFailureCode | null;
};

/** One update for several documents; returns the ids of those still there. */
export async function updateIngestStage(documentIds: string[], update: StageUpdate): Promise<string[]> {
  if (documentIds.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .update(kbDocuments)
    .set({ ...update, updatedAt: new Date() })
    .where(inArray(kbDocuments.id, documentIds))
    .returning({ id: kbDocuments.id });
  return rows.map((r) => r.id);
}

/** Parsed documents become `parsed` with their text, in one statement; returns the ids still there. */
export async function saveParsedContent(
  docs: { documentId: string; content: string; lineCount: number }[],
): Promise<string[]> {
  if (docs.length === 0) return [];
  const db = await getDb();
  const res = await db.execute<{ id: string }>(sql`
    update kb_documents d set status = 'parsed', progress = 100, content = u.content, line_count = u.line_count,
           error = null, error_code = null, updated_at = now()
    from unnest(${sql.param(docs.map((d) => d.documentId))}::text[], ${sql.param(docs.map((d) => d.content))}::text[],
                ${sql.param(docs.map((d) => d.lineCount))}::int[]) as u(id, content, line_count)
    where d.id = u.id
    returning d.id`);
  return res.rows.map((r) => r.id);
}

/**
 * Documents enter `indexing`, without the chunks an earlier attempt may have left (a retry, a
 * takeover, a failed embedding call), so indexing starts over. Returns the ids still there.
 */
export async function startIndexing(documentIds: string[]): Promise<string[]> {
  if (documentIds.length === 0) return [];
  const db = await getDb();
  const ids = sql.param(documentIds);
  const res = await db.execute<{ id: string }>(sql`
    with cleared as (delete from kb_chunks where document_id = any(${ids}::text[]))
    update kb_documents set status = 'indexing', progress = 0, error = null, error_code = null, updated_at = now()
    where id = any(${ids}::text[])
    returning id`);
  return res.rows.map((r) => r.id);
}

/** One chunk of a parsed document as stored (lib/kb/chunk.ts makes them). */
export type Chunk = {
  content: string;
  /** 1-based, inclusive: the lines of the parsed document the chunk covers. */
  startLine: number;
  endLine: number;
  /** The markdown headings the chunk sits under, outermost first. */
  headingPath: string[];
  tokenCount: number;
};

/**
 * A chunk to store, with the texts its full-text vector is made of, as the index reads them
 * (CJK runs segmented into words: lib/kb/segment.ts): the heading path, and the content when
 * segmenting changed it (null: the content itself, not sent twice).
 */
export type ChunkRow = {
  documentId: string;
  ordinal: number;
  chunk: Chunk;
  headingText: string;
  searchText: string | null;
};

/**
 * Chunks of one knowledge base's documents in one statement (arrays unnested server-side). The
 * full-text vector weighs the heading path above the text. Chunks of a document deleted meanwhile are skipped: their id comes back null; the
 * others' ids come back in the order of `rows`.
 */
export async function insertChunkRows(kbId: string, rows: ChunkRow[]): Promise<(number | null)[]> {
  const db = await getDb();
  const col = <T>(pick: (r: ChunkRow) => T) => sql.param(rows.map(pick));
  const res = await db.execute<{ id: number; document_id: string; ordinal: number }>(sql`
    insert into kb_chunks (kb_id, document_id, ordinal, content, start_line, end_line, heading_path, token_count, search)
    select ${kbId}, u.document_id, u.ordinal, u.content, u.start_line, u.end_line, u.heading_path::jsonb, u.token_count,
           setweight(to_tsvector('english', u.heading_text), 'B') || to_tsvector('english', coalesce(u.search_text, u.content))
    from unnest(${col((r) => r.documentId)}::text[], ${col((r) => r.ordinal)}::int[], ${col((r) => r.chunk.content)}::text[],
                ${col((r) => r.chunk.startLine)}::int[], ${col((r) => r.chunk.endLine)}::int[],
                ${col((r) => JSON.stringify(r.chunk.headingPath))}::text[], ${col((r) => r.chunk.tokenCount)}::int[],
                ${col((r) => r.headingText)}::text[], ${col((r) => r.searchText)}::text[])
         as u(document_id, ordinal, content, start_line, end_line, heading_path, token_count, heading_text, search_text)
    where u.document_id in (select id from kb_documents)
    returning id::float8 as id, document_id, ordinal`);
  const ids = new Map(res.rows.map((r) => [`${r.document_id}/${r.ordinal}`, Number(r.id)]));
  return rows.map((r) => ids.get(`${r.documentId}/${r.ordinal}`) ?? null);
}

/** Documents left mid-way with no job to finish them (a crash between storing and queueing). */
export async function findStrandedDocuments(
  groupOf: (documentId: string) => string,
): Promise<{ kbId: string; documentId: string; size: number }[]> {
  const db = await getDb();
  const res = await db.execute<{ kb_id: string; id: string; size: number }>(sql`
    select d.kb_id, d.id, d.size from kb_documents d
    where d.status in ('uploaded', 'parsing', 'parsed', 'indexing')
      and d.updated_at < now() - interval '10 seconds'
      and not exists (select 1 from jobs j where j.group_key = ${groupOf("")} || d.id and j.status in ('queued', 'running'))`);
  return res.rows.map((r) => ({ kbId: r.kb_id, documentId: r.id, size: Number(r.size) }));
}

/**
 * The last step of indexing, atomically for documents of one knowledge base: their lexemes join
 * the knowledge base's document frequencies (and their chunks the total under CHUNK_TOTAL_TERM),
 * and they become `indexed`. A document's lexemes are counted exactly while it is indexed
 * (deleteKbDocument takes them out again). Returns the ids indexed (those still there).
 */
export async function finishIndexing(
  kbId: string,
  docs: { documentId: string; chunkCount: number }[],
): Promise<string[]> {
  if (docs.length === 0) return [];
  const db = await getDb();
  // One statement, so one round trip and atomic: the counts change only for documents still there.
  const res = await db.execute<{ id: string }>(sql`
    with indexed as (
      update kb_documents d set status = 'indexed', progress = 100, chunk_count = u.chunk_count, updated_at = now()
      from unnest(${sql.param(docs.map((d) => d.documentId))}::text[], ${sql.param(docs.map((d) => d.chunkCount))}::int[])
           as u(id, chunk_count)
      where d.id = u.id and d.kb_id = ${kbId}
      returning d.id, u.chunk_count
    ), counted as (
      insert into kb_terms (kb_id, term, df)
      select ${kbId}, word, ndoc from (
        select word, ndoc from ts_stat(format('select search from kb_chunks where document_id = any(%L::text[])',
                                              (select array_agg(id) from indexed)))
        union all select ${CHUNK_TOTAL_TERM}, sum(chunk_count)::int from indexed -- the number of indexed chunks
      ) s
      where exists (select 1 from indexed)
      order by word -- every writer locks terms in one order: concurrent documents cannot deadlock
      on conflict (kb_id, term) do update set df = kb_terms.df + excluded.df
    )
    select id from indexed`);
  return res.rows.map((r) => r.id);
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
