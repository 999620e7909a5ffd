import type { KbSearchHit } from "@/lib/db/kb-search";
import { passageWindow, type PassageWindow } from "@/lib/kb/passage-window";
import type { Retrieval } from "@/lib/kb/retrieve";
import { countTextTokens } from "@/lib/agent/token-count";

/**
 * The tokens (by our own count) a `query_kb` answer may take: enough for several passages, small
 * enough that the answer is never offloaded to a file, so the model reads the passages themselves.
 */
export const QUERY_KB_BUDGET_TOKENS = 2000;
/** A passage is shown only with at least this many tokens of its own text. */
const MIN_PASSAGE_TOKENS = 60;

export type ShownPassage = { hit: KbSearchHit; window: PassageWindow };
/** Document lines (1-based) a window spans. */
export type LineSpan = { start: number; end: number };

const lineRange = (a: number, b: number) => (a === b ? `line ${a}` : `lines ${a}-${b}`);

/** A passage as the model reads it: where it is, then its text. */
export function passageBlock(i: number, { hit, window }: ShownPassage, lines: LineSpan): string {
  const cut = window.cutBefore || window.cutAfter;
  return [
    `[${i + 1}] ${hit.fileName} (file_id: ${hit.fileId}), ${lineRange(lines.start, lines.end)}`,
    cut
      ? ` (part of a passage at ${lineRange(hit.startLine, hit.endLine)}: open_kb_document line ${hit.startLine})`
      : "",
    hit.headingPath.length ? `, section: ${hit.headingPath.join(" > ")}` : "",
    `, score ${hit.score.toFixed(3)}\n${window.text}`,
  ].join("");
}

/** The window of `hit` that takes at most `tokens` tokens, or null when no useful part fits. */
function fitted(hit: KbSearchHit, query: string, tokens: number): PassageWindow | null {
  if (tokens < MIN_PASSAGE_TOKENS) return null;
  const total = countTextTokens(hit.content);
  let maxChars = total <= tokens ? hit.content.length : Math.floor((hit.content.length * tokens) / total);
  for (;;) {
    const w = passageWindow(hit.content, query, maxChars);
    if (countTextTokens(w.text) <= tokens) return w;
    maxChars = Math.floor(maxChars * 0.85);
  }
}

/**
 * The retrieved passages that fit `budget` tokens beside the answer's other lines, best first:
 * each gets an equal share of what is left (a short one leaves the rest to the next), cut to the
 * window around its best match when the whole does not fit. Passages that no longer fit are
 * counted, not shown. Headings are counted with the passage's own lines, which the window's
 * lines never outnumber in digits.
 */
export function budgetedPassages(
  hits: KbSearchHit[],
  query: string,
  budget: number,
): { shown: ShownPassage[]; left: number } {
  const shown: ShownPassage[] = [];
  let remaining = budget;
  for (const [i, hit] of hits.entries()) {
    const cut = { text: "", firstLine: 0, lastLine: 0, cutBefore: true, cutAfter: true };
    const chunkLines = { start: hit.startLine, end: hit.endLine };
    const overhead = countTextTokens(passageBlock(i, { hit, window: cut }, chunkLines)) + 2;
    const share = Math.floor(remaining / (hits.length - i)) - overhead;
    const window = fitted(hit, query, Math.max(share, Math.min(remaining - overhead, MIN_PASSAGE_TOKENS)));
    if (!window) break;
    shown.push({ hit, window });
    remaining -= overhead + countTextTokens(window.text);
  }
  return { shown, left: hits.length - shown.length };
}

/** Whether the passage's lines differ from its document range (blank lines left out). */
export function skipsBlankLines(hit: KbSearchHit): boolean {
  return hit.content.split("\n").length !== hit.endLine - hit.startLine + 1;
}

/**
 * The document lines of a passage's lines. A passage holds its document's lines from `startLine`
 * without the blank ones (lib/kb/chunk.ts), so when it has as many lines as its range they are the
 * same; otherwise the document's text (read only then) says which lines were blank.
 */
export function documentLines(hit: KbSearchHit, documentText: string | null): (k: number) => number {
  if (!skipsBlankLines(hit) || documentText === null) return (k) => Math.min(hit.startLine + k, hit.endLine);
  const lines = documentText.split("\n", hit.endLine).slice(hit.startLine - 1);
  const nonBlank = lines.flatMap((line, i) => (line.trim() ? [hit.startLine + i] : []));
  return (k) => nonBlank[k] ?? hit.endLine;
}

/** One line saying which retrieval ran and, when it was the full text alone, why. */
export function retrievalLine(r: Retrieval): string {
  const rerank = r.reranked ? ", then reranked" : "";
  if (r.mode === "hybrid") return `Retrieval: hybrid (keyword and semantic with ${r.embeddingModel}${rerank}).`;
  if (r.mode === "vector") return `Retrieval: semantic (${r.embeddingModel}${rerank}).`;
  const why =
    r.keywordOnly?.kind === "no_embedding_model"
      ? "this knowledge base has no embedding model; an admin can choose one in its settings"
      : r.keywordOnly?.kind === "no_vector_index"
        ? "this server's database has no vector index"
        : r.keywordOnly?.kind === "embedding_failed"
          ? `the embedding model ${r.embeddingModel} failed: ${r.keywordOnly.error}`
          : "";
  return `Retrieval: keyword only${why ? ` (${why})` : ""}${rerank}.`;
}
