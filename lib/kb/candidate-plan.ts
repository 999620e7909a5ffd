/**
 * Which chunks a full-text query scores, after Lucene's common terms query. Scoring costs about
 * the same per candidate whatever it holds, so the candidates are bounded, not the terms:
 *
 * - Rare terms select: the rarest query terms, while their document frequencies add up to at
 *   most CANDIDATE_BUDGET, and any chunk holding one of them is a candidate. Common terms only
 *   add to the score of those candidates, unless fewer than top-k chunks hold a rare term: then
 *   the next plan lets the four rarest terms select, capped at CANDIDATE_CAP chunks.
 * - When even the rarest term is common, a candidate must hold the rarest terms together, as few
 *   as keep the expected count (independent terms) under the budget. If that finds fewer than
 *   top-k chunks, the next plan asks for one term fewer, down to the rarest term alone, whose
 *   candidates are capped at CANDIDATE_CAP in index order.
 *
 * A later plan only adds to what the earlier ones found (searchKbFullText keeps their hits).
 */

import type { CandidatePlan, QueryTerm } from "@/lib/db/kb-search";

export type { CandidatePlan, QueryTerm };

export const CANDIDATE_BUDGET = 1500;
export const CANDIDATE_CAP = 3000;
const MAX_SELECTING_TERMS = 4;

export function candidatePlans(terms: QueryTerm[], totalChunks: number, topK: number): CandidatePlan[] {
  const sorted = [...new Map(terms.map((t) => [t.term, t])).values()].sort(
    (a, b) => a.df - b.df || a.term.localeCompare(b.term),
  );
  if (sorted.length === 0) return [];
  const rare: string[] = [];
  let sum = 0;
  for (const t of sorted) {
    if (rare.length === MAX_SELECTING_TERMS || sum + t.df > CANDIDATE_BUDGET) break;
    rare.push(t.term);
    sum += t.df;
  }
  const selecting = sorted.slice(0, MAX_SELECTING_TERMS).map((t) => t.term);
  if (rare.length > 0)
    // Fewer than top-k chunks hold a rare term: common terms may fill the list, from a capped set.
    return rare.length < selecting.length ? [{ any: rare }, { any: selecting, limit: CANDIDATE_CAP }] : [{ any: rare }];

  // Every term is common: the fewest rarest terms whose expected joint count fits the budget.
  let expected = totalChunks;
  let needed = 0;
  for (const t of sorted) {
    expected *= Math.min(1, t.df / Math.max(1, totalChunks));
    needed += 1;
    if (expected <= Math.max(CANDIDATE_BUDGET, topK)) break;
  }
  const plans: CandidatePlan[] = [];
  for (let n = needed; n >= 2; n--) plans.push({ all: sorted.slice(0, n).map((t) => t.term) });
  plans.push({ all: [sorted[0].term], limit: CANDIDATE_CAP });
  return plans;
}
