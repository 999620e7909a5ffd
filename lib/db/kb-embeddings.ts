import { sql } from "drizzle-orm";
import { getDb, vectorsAvailable } from "./client";
import { enqueueJob } from "./jobs";
import { ensureHnswIndex } from "./vector-tables";

/**
 * Writing the dense vectors of knowledge-base chunks: the ingestion and embed jobs' statements,
 * and the re-embedding queued when a knowledge base's embedding model changes. No access checks
 * here: the jobs run for a request that was checked when it was queued.
 */

const literal = (v: number[]) => `[${v.join(",")}]`;

/** The ingestion job's write: one statement per batch, after the chunks it belongs to. */
export async function insertEmbeddings(kbId: string, chunkIds: number[], vectors: number[][]): Promise<void> {
  if (chunkIds.length === 0) return;
  const dims = vectors[0].length;
  const db = await getDb();
  await ensureHnswIndex(db, dims);
  await db.execute(sql`
    insert into kb_embeddings (chunk_id, kb_id, dims, embedding)
    select u.id, ${kbId}, ${dims}, u.v::vector
    from unnest(${sql.param(chunkIds)}::bigint[], ${sql.param(vectors.map(literal))}::text[]) as u(id, v)
    on conflict (chunk_id) do update set embedding = excluded.embedding, dims = excluded.dims`);
}

export const EMBED_JOB = "kb.embed";
const embedGroup = (documentId: string) => `kb-embed:${documentId}`;

/**
 * After the embedding model changed (only after the manage check in updateKnowledgeBase): the
 * old vectors go, and each indexed document gets a job that embeds its chunks with the new
 * model. Documents stay searchable by full text meanwhile.
 */
export async function reembedKnowledgeBase(kbId: string): Promise<void> {
  if (!(await vectorsAvailable())) return;
  const db = await getDb();
  await db.execute(sql`delete from kb_embeddings where kb_id = ${kbId}`);
  const docs = await db.execute<{ id: string }>(
    sql`select id from kb_documents where kb_id = ${kbId} and status = 'indexed' order by created_at`,
  );
  for (const { id } of docs.rows)
    await enqueueJob({ kind: EMBED_JOB, payload: { kbId, documentId: id }, groupKey: embedGroup(id) });
}

/** The embed job's read: the next chunks of a document that have no vector yet, with the model to use. */
export async function chunksWithoutVectors(documentId: string, limit: number) {
  const db = await getDb();
  const res = await db.execute<{
    id: number;
    kb_id: string;
    content: string;
    heading_path: string[];
    embedding_model: string | null;
  }>(sql`
    select c.id::float8 as id, c.kb_id, c.content, c.heading_path, k.embedding_model
    from kb_chunks c join knowledge_bases k on k.id = c.kb_id
    where c.document_id = ${documentId}
      and not exists (select 1 from kb_embeddings e where e.chunk_id = c.id)
    order by c.ordinal limit ${limit}`);
  return res.rows;
}
