import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";

/**
 * Dense vectors live in `kb_embeddings`, which exists only where the `vector` extension
 * (pgvector) does: always on PGlite, and on PostgreSQL when the server has the extension
 * installed. It is made at every start rather than in a migration, so a server that gains
 * pgvector later gets it on its next start. Without it, knowledge bases search full-text only.
 *
 * One table holds every model's vectors (`vector` without a fixed size); each size gets its
 * own partial HNSW index over the cast column (`ensureHnswIndex`), which is what the queries use.
 */

/** What the database offers for vectors: nothing, or pgvector (with iterative index scans from 0.8). */
export type VectorSupport = false | { iterativeScan: boolean };

export async function ensureVectorTables(db: NodePgDatabase<Record<string, unknown>>): Promise<VectorSupport> {
  try {
    await db.execute(sql`create extension if not exists vector`);
  } catch {
    return false; // not installed on this server
  }
  const res = await db.execute<{ v: string }>(sql`select extversion as v from pg_extension where extname = 'vector'`);
  const [major, minor] = (res.rows[0]?.v ?? "0.0").split(".").map(Number);
  await db.execute(sql`
    create table if not exists kb_embeddings (
      chunk_id bigint primary key references kb_chunks(id) on delete cascade,
      kb_id text not null references knowledge_bases(id) on delete cascade,
      dims integer not null,
      embedding vector not null
    )`);
  await db.execute(sql`create index if not exists kb_embeddings_kb_idx on kb_embeddings (kb_id, dims)`);
  return { iterativeScan: major > 0 || minor >= 8 };
}

/** pgvector indexes `vector` up to 2,000 dimensions and `halfvec` up to 4,000; larger ones are scanned exactly. */
export function vectorCast(dims: number): { type: string; ops: string } | null {
  if (dims <= 2000) return { type: `vector(${dims})`, ops: "vector_cosine_ops" };
  if (dims <= 4000) return { type: `halfvec(${dims})`, ops: "halfvec_cosine_ops" };
  return null;
}

const indexed = new WeakMap<object, Set<number>>();

/** The HNSW index for vectors of `dims` dimensions (created once, on the first vectors of that size). */
export async function ensureHnswIndex(db: NodePgDatabase<Record<string, unknown>>, dims: number): Promise<void> {
  const cast = vectorCast(dims);
  if (!cast || !Number.isInteger(dims) || dims < 1) return;
  const done = indexed.get(db) ?? new Set<number>();
  indexed.set(db, done);
  if (done.has(dims)) return;
  const name = `kb_embeddings_hnsw_${dims}`;
  await db.execute(
    sql.raw(
      `create index if not exists ${name} on kb_embeddings using hnsw ((embedding::${cast.type}) ${cast.ops}) where dims = ${dims}`,
    ),
  );
  done.add(dims);
}
