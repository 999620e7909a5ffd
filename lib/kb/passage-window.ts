import { queryTerms } from "./segment";

export type PassageWindow = {
  text: string;
  /** The passage's lines the window spans (0-based indexes into the passage's own lines). */
  firstLine: number;
  lastLine: number;
  /** Whether the passage goes on before or after the window. */
  cutBefore: boolean;
  cutAfter: boolean;
};

type Hit = { start: number; end: number; term: number };

/** Occurrences looked at per term: a chunk is a few thousand characters, a query at most 64 terms. */
const MAX_HITS_PER_TERM = 200;
/** How far a window edge may move to land on a line or word boundary, as a share of the window. */
const SNAP_SHARE = 0.15;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function occurrences(content: string, query: string): Hit[] {
  const terms = queryTerms(query).filter((t) => t.length > 1 || /[^\p{Script=Latin}\p{N}]/u.test(t));
  const hits: Hit[] = [];
  terms.forEach((term, index) => {
    const pattern = new RegExp(escapeRegExp(term), "giu");
    let n = 0;
    for (let m = pattern.exec(content); m && n < MAX_HITS_PER_TERM; m = pattern.exec(content), n++)
      hits.push({ start: m.index, end: m.index + m[0].length, term: index });
  });
  return hits.sort((a, b) => a.start - b.start);
}

/** The span of at most `maxChars` holding the most distinct terms, the tightest such span first. */
function densestSpan(hits: Hit[], maxChars: number): { start: number; end: number } | null {
  if (hits.length === 0) return null;
  const counts = new Map<number, number>();
  let best = { score: -1, start: 0, end: 0 };
  let left = 0;
  for (let right = 0; right < hits.length; right++) {
    counts.set(hits[right].term, (counts.get(hits[right].term) ?? 0) + 1);
    while (left < right && hits[right].end - hits[left].start > maxChars) {
      const c = counts.get(hits[left].term)! - 1;
      if (c === 0) counts.delete(hits[left].term);
      else counts.set(hits[left].term, c);
      left++;
    }
    // A term met again further right is not needed at the left end: the span stays tight.
    while (left < right && counts.get(hits[left].term)! > 1) {
      counts.set(hits[left].term, counts.get(hits[left].term)! - 1);
      left++;
    }
    const score = counts.size * 1_000_000 - (hits[right].end - hits[left].start);
    // A single match longer than the window keeps its start.
    const end = Math.min(hits[right].end, hits[left].start + maxChars);
    if (score > best.score) best = { score, start: hits[left].start, end };
  }
  return best;
}

const linesBefore = (text: string, end: number) => {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) n++;
  return n;
};

/**
 * The part of a retrieved passage a model should read when the whole does not fit: at most
 * `maxChars` characters around the passage's best match for `query` (the stretch holding the
 * most distinct query terms), moved to whole lines or words where it can, with the passage lines
 * it spans. A passage without a match gives its opening.
 */
export function passageWindow(content: string, query: string, maxChars: number): PassageWindow {
  if (content.length <= maxChars)
    return {
      text: content,
      firstLine: 0,
      lastLine: linesBefore(content, content.length),
      cutBefore: false,
      cutAfter: false,
    };
  const span = densestSpan(occurrences(content, query), maxChars) ?? { start: 0, end: 0 };
  // What must stay: the match's whole lines when they fit, else the match to the end of its line
  // (a fact usually follows the words that name it), else the match alone.
  const lineStart = content.lastIndexOf("\n", span.start - 1) + 1;
  const lineEndAt = content.indexOf("\n", span.end);
  const lineEnd = lineEndAt === -1 ? content.length : lineEndAt;
  const keep =
    lineEnd - lineStart <= maxChars
      ? { start: lineStart, end: lineEnd }
      : lineEnd - span.start <= maxChars
        ? { start: span.start, end: lineEnd }
        : span;
  const slack = maxChars - (keep.end - keep.start);
  let start = Math.max(0, Math.min(content.length - maxChars, keep.start - Math.floor(slack / 2)));
  let end = Math.min(content.length, start + maxChars);
  const snap = Math.max(Math.floor(maxChars * SNAP_SHARE), Math.floor(slack / 2));
  if (start > 0) {
    // Forward to the start of a line, else of a word, never past what must stay.
    const line = content.indexOf("\n", start - 1);
    const word = content.slice(start).search(/\s/);
    if (line !== -1 && line + 1 - start <= snap && line + 1 <= keep.start) start = line + 1;
    else if (word !== -1 && word <= snap && start + word + 1 <= keep.start) start += word + 1;
  }
  if (end < content.length) {
    // Back to the end of a line, else of a word, never before what must stay.
    const line = content.lastIndexOf("\n", end);
    const word = content.slice(0, end).search(/\s\S*$/);
    if (line > start && end - line <= snap && line >= keep.end) end = line;
    else if (word > start && end - word <= snap && word >= keep.end) end = word;
  }
  const text = content.slice(start, end).trim();
  return {
    text,
    firstLine: linesBefore(content, start),
    lastLine: linesBefore(content, Math.max(start, end - 1)),
    cutBefore: start > 0,
    cutAfter: end < content.length,
  };
}
