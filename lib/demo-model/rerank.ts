import { errorResponse, faultResponse } from "./faults";
import type { Handled } from "./request-log";
import { describeIssues, rerankRequestSchema } from "./request-schema";
import { scriptKeyOfTexts, type ScriptRegistry } from "./scripts";
import { isFaultTurn } from "./turns";

/**
 * POST /rerank, deterministic: a document scores the share of the query's words it contains
 * (CJK-aware), so tests can predict the order. A script key in the query takes a turn, so a
 * test can make reranking fail with a fault turn.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
const wordsOf = (text: string) =>
  new Set(
    [...segmenter.segment(text.normalize("NFKC").toLowerCase())].filter((s) => s.isWordLike).map((s) => s.segment),
  );

export function rerankScore(query: string, document: string): number {
  const q = wordsOf(query);
  if (q.size === 0) return 0;
  const d = wordsOf(document);
  let shared = 0;
  for (const w of q) if (d.has(w)) shared++;
  return shared / q.size;
}

export function handleRerank(body: unknown, headers: Headers, ctx: { scripts: ScriptRegistry }): Handled {
  const parsed = rerankRequestSchema.safeParse(body);
  if (!parsed.success)
    return { response: errorResponse(400, { message: describeIssues(parsed.error) }), key: null, model: null };
  const request = parsed.data;
  const key = scriptKeyOfTexts([request.query], headers);
  const turn = key === null ? null : ctx.scripts.take(key);
  if (turn && isFaultTurn(turn)) return { response: faultResponse(turn), key, model: request.model };
  const texts = request.documents.map((d) => (typeof d === "string" ? d : d.text));
  const results = texts
    .map((text, index) => ({ index, relevance_score: rerankScore(request.query, text) }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, request.top_n ?? texts.length);
  return { response: Response.json({ model: request.model, results }), key, model: request.model };
}
