import type { Actor } from "@/lib/identity/actor";
import { searchKbFullText, type KbSearchHit } from "@/lib/db/kb-search";
import { candidatePlans } from "./candidate-plan";
import { segmentCjk } from "./segment";

/** Characters of a query the index reads (after CJK segmentation). */
const MAX_QUERY_CHARS = 4000;

/**
 * Full-text search of one readable knowledge base (lib/db/kb-search.ts scores it): the query
 * segmented as the index was, and candidates planned as Lucene's common terms query does; within
 * one file, every chunk holding any term is a candidate.
 */
export function searchFullText(
  actor: Actor,
  kbId: string,
  query: string,
  opts: { topK: number; fileName?: string },
): Promise<KbSearchHit[]> {
  const text = segmentCjk(query).slice(0, MAX_QUERY_CHARS);
  return searchKbFullText(actor, kbId, text, opts, (terms, total) =>
    opts.fileName ? [{ any: terms.map((t) => t.term) }] : candidatePlans(terms, total, opts.topK),
  );
}
