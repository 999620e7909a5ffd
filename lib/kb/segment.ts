/**
 * CJK text has no spaces between words, so PostgreSQL's parser would index a whole sentence as
 * one token. Runs of CJK characters are cut into words with Intl.Segmenter before indexing and
 * before querying; other text passes through unchanged.
 */

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

export function segmentCjk(text: string): string {
  if (!CJK_CHAR.test(text)) return text;
  return text.replace(CJK_RUN, (run) => ` ${Array.from(segmenter.segment(run), (s) => s.segment).join(" ")} `);
}

/** The words of a query, CJK segmented, lower-cased, deduplicated (at most 64). */
export function queryTerms(query: string): string[] {
  const words = segmentCjk(query)
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, 64);
}

/** A tsquery matching any of the terms, each quoted so no term is read as an operator. */
export function anyTermQuery(terms: string[]): string {
  return terms.map((t) => `'${t.replaceAll("'", "''").replaceAll("\\", "\\\\")}'`).join(" | ");
}

/**
 * Tokens as a BPE tokenizer would roughly count them: a CJK character about one, other text
 * about four characters each. Chunking needs speed more than the exact count.
 */
export function estimateTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af)) cjk++;
    else other++;
  }
  return cjk + Math.ceil(other / 4);
}
