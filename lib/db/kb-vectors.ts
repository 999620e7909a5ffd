import { sql } from "drizzle-orm";
import { getDb, vectorIterativeScan, vectorsAvailable } from "./client";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { requireKnowledgeBase } from "./knowledge-bases";
import { vectorCast } from "./vector-tables";
import type { KbSearchHit } from "./kb-search";

/** Searching the dense vectors of knowledge-base chunks (kb_embeddings, see vector-tables.ts); kb-embeddings.ts writes them. */

const literal = (v: number[]) => `[${v.join(",")}]`;

/**
 * The chunks of one readable knowledge base nearest to `vector` (cosine), indexed documents
 * only, through the HNSW index of that size; pgvector's iterative scan keeps looking when the
 * nearest ones belong to other knowledge bases. Score: cosine similarity.
 */
export async function searchKbVectors(
  actor: Actor,
  kbId: string,
  vector: number[],
  opts: { topK: number; fileName?: string },
): Promise<KbSearchHit[]> {
  await requireKnowledgeBase(actor, kbId);
  if (!(await vectorsAvailable()))
    throw new ApiError(
      "bad_request:kb",
      "This server's database has no pgvector extension: only full-text search works.",
    );
  const dims = vector.length;
  const cast = vectorCast(dims);
  const type = sql.raw(cast ? cast.type : "vector");
  const q = literal(vector);
  const iterative = await vectorIterativeScan();
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Older pgvector has no iterative scan: a wider search list makes up for rows of other knowledge bases.
    if (iterative) await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
    await tx.execute(sql.raw(`set local hnsw.ef_search = ${iterative ? 100 : 400}`));
    const res = await tx.execute<KbSearchHit>(sql`
      with near as (
        select e.chunk_id, (e.embedding::${type} <=> ${q}::${type}) as distance
        from kb_embeddings e
        where e.dims = ${dims} and e.kb_id = ${kbId}
          ${opts.fileName ? sql`and e.chunk_id in (select c2.id from kb_chunks c2 join kb_documents d2 on d2.id = c2.document_id where d2.kb_id = ${kbId} and d2.name = ${opts.fileName})` : sql``}
        order by e.embedding::${type} <=> ${q}::${type}
        limit ${opts.topK * 4}
      )
      select c.id::int as "chunkId", c.document_id as "fileId", d.name as "fileName", c.content,
             c.start_line as "startLine", c.end_line as "endLine", c.heading_path as "headingPath",
             (1 - n.distance)::float8 as score
      from near n
      join kb_chunks c on c.id = n.chunk_id
      join kb_documents d on d.id = c.document_id and d.status = 'indexed'
        ${opts.fileName ? sql`and d.name = ${opts.fileName}` : sql``}
      order by n.distance, c.id
      limit ${opts.topK}`);
    return res.rows;
  });
}

/** How many of a knowledge base's chunks have a vector (the detail page and the bench read it). */
export async function countKbEmbeddings(kbId: string): Promise<number> {
  if (!(await vectorsAvailable())) return 0;
  const db = await getDb();
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from kb_embeddings where kb_id = ${kbId}`);
  return res.rows[0].n;
}
