/** Marks the words of a retrieval query in a chunk's text, the way a reader scans for them. */

export type Segment = { text: string; match: boolean };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const WORD = /[\p{L}\p{N}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The terms to look for: words of two or more letters or digits; a run of CJK characters (not
 * split by spaces) becomes its overlapping pairs, since the index segments it into short words.
 */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const run of query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (CJK.test(run)) {
      const chars = [...run];
      if (chars.length === 1) terms.add(run);
      for (let i = 0; i + 1 < chars.length; i++) terms.add(chars[i] + chars[i + 1]);
    } else if (run.length >= 2) terms.add(run);
  }
  return [...terms].sort((a, b) => b.length - a.length);
}

/** Splits `text` into plain and matching segments (case-insensitive; overlapping CJK pairs merge). */
export function highlightSegments(text: string, query: string): Segment[] {
  const terms = queryTerms(query);
  if (terms.length === 0 || !text) return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(terms.map(escape).join("|"), "giu");
  const marked = new Array<boolean>(text.length).fill(false);
  for (const found of text.matchAll(pattern)) {
    const start = found.index;
    // Latin words match from the start of a word ("index" lights "indexed", "in" not "main").
    if (!CJK.test(found[0]) && start > 0 && WORD.test(text[start - 1])) continue;
    marked.fill(true, start, start + found[0].length);
  }
  const segments: Segment[] = [];
  let from = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || marked[i] !== marked[from]) {
      segments.push({ text: text.slice(from, i), match: marked[from] });
      from = i;
    }
  }
  return segments;
}
