import { sql } from "drizzle-orm";
import { getDb } from "./client";
import type { Actor } from "@/lib/auth/actor";
import { requireKnowledgeBase } from "./knowledge-bases";
import { anyTermQuery, queryTerms } from "@/lib/kb/segment";

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
 * Full-text search of one readable knowledge base: any query word may match (CJK segmented),
 * ranked by cover density normalised by chunk length, indexed documents only.
 */
export async function searchKbFullText(
  actor: Actor,
  kbId: string,
  query: string,
  opts: { topK: number; fileName?: string },
): Promise<KbSearchHit[]> {
  await requireKnowledgeBase(actor, kbId);
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const db = await getDb();
  const res = await db.execute<KbSearchHit>(sql`
    select c.id::int as "chunkId", c.document_id as "fileId", d.name as "fileName", c.content,
           c.start_line as "startLine", c.end_line as "endLine", c.heading_path as "headingPath",
           ts_rank_cd(c.search, q.query, 1)::float8 as score
    from to_tsquery('english', ${anyTermQuery(terms)}) as q(query), kb_chunks c
    join kb_documents d on d.id = c.document_id and d.status = 'indexed'
    where c.kb_id = ${kbId} and c.search @@ q.query
      ${opts.fileName ? sql`and d.name = ${opts.fileName}` : sql``}
    order by score desc, c.id
    limit ${opts.topK}`);
  return res.rows;
}
