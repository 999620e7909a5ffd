import { numberedLines, documentWindow } from "./document-window";

export type FindOptions = {
  patterns: string[];
  useRegex: boolean;
  caseSensitive: boolean;
  maxWindows: number;
  /** Characters of context around each match (widened to whole lines). */
  windowSize: number;
};

/** Longest stretch of a line a pattern is tried on, so one huge line cannot stall a search. */
const MAX_LINE_SCANNED = 2_000;

/**
 * JavaScript regular expressions have no time limit, and the server has one thread: a pattern
 * that can backtrack exponentially (a repeated group such as `(a+)+` or `(a|aa)*`, or a
 * backreference) would stall every user, and so would many unbounded quantifiers in a row
 * (`a*a*a*b` backtracks polynomially in the line's length). Groups may be optional (`?`) but not
 * repeated, and a pattern holds at most two unbounded quantifiers.
 */
const REPEATED_GROUP = /(?<!\\)\)\s*[*+{]/;
const BACKREFERENCE = /\\[1-9]|\\k</;
const UNBOUNDED = /(?<!\\)(?:[*+]|\{\d+,\})/g;

export function riskyPattern(pattern: string): boolean {
  return REPEATED_GROUP.test(pattern) || BACKREFERENCE.test(pattern) || (pattern.match(UNBOUNDED)?.length ?? 0) > 2;
}

/**
 * Line-numbered windows around the lines where any pattern occurs, overlapping windows merged.
 * A regular expression that does not compile is reported, not thrown.
 */
export function findInDocument(
  text: string,
  opts: FindOptions,
): { windows: string[]; matches: number; error?: string } {
  let tests: ((line: string) => boolean)[];
  try {
    tests = opts.patterns.map((p) => {
      if (opts.useRegex) {
        if (riskyPattern(p))
          throw new Error(
            `${p} repeats a group, uses a backreference or has more than two unbounded quantifiers; search for its parts instead`,
          );
        const re = new RegExp(p, opts.caseSensitive ? "u" : "iu");
        return (line) => re.test(line.slice(0, MAX_LINE_SCANNED));
      }
      const needle = opts.caseSensitive ? p : p.toLowerCase();
      return (line) => (opts.caseSensitive ? line : line.toLowerCase()).includes(needle);
    });
  } catch (err) {
    return { windows: [], matches: 0, error: `Error: invalid regular expression (${(err as Error).message}).` };
  }
  const lines = text.split("\n");
  const hits: number[] = [];
  lines.forEach((line, i) => {
    if (tests.some((t) => t(line))) hits.push(i + 1);
  });
  const ranges: [number, number][] = [];
  for (const line of hits) {
    // Widen by lines until about windowSize characters surround the match.
    let from = line;
    let to = line;
    let size = lines[line - 1].length;
    while (size < opts.windowSize && (from > 1 || to < lines.length)) {
      if (from > 1) size += lines[--from - 1].length + 1;
      if (to < lines.length && size < opts.windowSize) size += lines[++to - 1].length + 1;
    }
    const last = ranges[ranges.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  }
  const windows = ranges.slice(0, opts.maxWindows).map(([from, to]) => {
    const w = documentWindow(text, { line: from, window: Number.MAX_SAFE_INTEGER });
    const slice = lines.slice(from - 1, to).join("\n");
    return numberedLines({ ...w, text: slice });
  });
  return { windows, matches: hits.length };
}
