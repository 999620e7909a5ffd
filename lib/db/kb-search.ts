import { sql, type SQL } from "drizzle-orm";
import { getDb } from "./client";
import { CHUNK_TOTAL_TERM } from "./kb-schema";
import type { Actor } from "@/lib/identity/actor";
import { requireKnowledgeBase } from "./knowledge-bases";

/** A query's lexeme with its document frequency in the knowledge base. */
export type QueryTerm = { term: string; df: number };
/** Which chunks become candidates: holding any or all of the terms, at most `limit` (lib/kb/candidate-plan.ts). */
export type CandidatePlan = { any: string[]; limit?: number } | { all: string[]; limit?: number };
/** The candidate plans for a query's terms, tried in order (lib/kb/full-text-search.ts gives them). */
export type PlanCandidates = (terms: QueryTerm[], totalChunks: number) => CandidatePlan[];

export type KbSearchHit = {
  chunkId: number;
  fileId: string;
  fileName: string;
  content: string;
  startLine: number;
  endLine: number;
  headingPath: string[];
  score: number;
};

/**
 * BM25-style full-text search of one readable knowledge base, indexed documents only. The query
 * (CJK segmented) becomes the knowledge base's own lexemes; a chunk scores the inverse document
 * frequency (kb_terms) of each lexeme it holds, raised a little by how often it holds it. That
 * beat ts_rank alone by far on bench/kb.ts's known-item questions (recall@5 0.91 against 0.47).
 *
 * Two statements: the query's lexemes with their document frequencies, then the scoring of
 * candidates found through the GIN index. Which chunks are candidates follows `plan` (Lucene's
 * common terms query, lib/kb/candidate-plan.ts), so a query of common words does not score half
 * the corpus. `text`: the query as the index reads it (CJK segmented, lib/kb/full-text-search.ts).
 */
export async function searchKbFullText(
  actor: Actor,
  kbId: string,
  text: string,
  opts: { topK: number; fileName?: string },
  plan: PlanCandidates,
): Promise<KbSearchHit[]> {
  await requireKnowledgeBase(actor, kbId);
  if (!text.trim()) return [];
  const db = await getDb();
  const found = await db.execute<QueryTerm & { total: number }>(sql`
    select l as term, s.df,
           (select t.df from kb_terms t where t.kb_id = ${kbId} and t.term = ${CHUNK_TOTAL_TERM}) as total
    from unnest(tsvector_to_array(to_tsvector('english', ${text}))) as l
    join kb_terms s on s.kb_id = ${kbId} and s.term = l
    where l <> ${CHUNK_TOTAL_TERM}`);
  if (found.rows.length === 0) return [];
  const total = Math.max(1, Number(found.rows[0].total ?? 0));
  const terms = found.rows.map(({ term, df }) => ({ term, df: Number(df) }));
  const plans = plan(terms, total);
  // A later plan only adds: what an earlier one found stays, scored the same way.
  const hits = new Map<number, KbSearchHit>();
  for (const candidates of plans) {
    for (const hit of await scoreCandidates(kbId, terms, total, candidates, opts)) hits.set(hit.chunkId, hit);
    if (hits.size >= opts.topK) break;
  }
  return [...hits.values()].sort((a, b) => b.score - a.score || a.chunkId - b.chunkId).slice(0, opts.topK);
}

const tsq = (term: string) => sql`quote_literal(${term})::tsquery`;

async function scoreCandidates(
  kbId: string,
  terms: QueryTerm[],
  total: number,
  plan: CandidatePlan,
  opts: { topK: number; fileName?: string },
): Promise<KbSearchHit[]> {
  const match: SQL =
    "any" in plan
      ? sql`c.search @@ (${sql.join(plan.any.map(tsq), sql` || `)})`
      : sql`c.search @@ (${sql.join(plan.all.map(tsq), sql` && `)})`;
  const limit = plan.limit ? sql`limit ${plan.limit}` : sql``;
  const db = await getDb();
  const res = await db.execute<KbSearchHit>(sql`
    with terms as (
      select quote_literal(u.term)::tsquery as q, ln(1 + (${total}::float8 - u.df + 0.5) / (u.df + 0.5)) as idf
      from unnest(${sql.param(terms.map((t) => t.term))}::text[], ${sql.param(terms.map((t) => t.df))}::int[]) as u(term, df)
    ), candidates as (
      select c.id, c.document_id, c.content, c.start_line, c.end_line, c.heading_path, c.search
      from kb_chunks c
      where c.kb_id = ${kbId} and ${match}
        ${opts.fileName ? sql`and c.document_id in (select id from kb_documents where kb_id = ${kbId} and name = ${opts.fileName})` : sql``}
      ${limit}
    ), hits as (
      select c.*, (select sum(t.idf * (c.search @@ t.q)::int * (1 + ts_rank(c.search, t.q, 0))) from terms t) as score
      from candidates c
    )
    select h.id::int as "chunkId", h.document_id as "fileId", d.name as "fileName", h.content,
           h.start_line as "startLine", h.end_line as "endLine", h.heading_path as "headingPath", h.score::float8 as score
    from hits h join kb_documents d on d.id = h.document_id and d.status = 'indexed'
    order by h.score desc, h.id
    limit ${opts.topK}`);
  return res.rows;
}
