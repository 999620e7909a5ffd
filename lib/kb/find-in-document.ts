import { compileLinearRegex, expandedSize } from "@/lib/patterns/linear-regex";
import { numberedLines, documentWindow } from "./document-window";

export type FindOptions = {
  patterns: string[];
  useRegex: boolean;
  caseSensitive: boolean;
  maxWindows: number;
  /** Characters of context around each match (widened to whole lines). */
  windowSize: number;
  /** Characters × pattern size this search may scan (default MAX_SEARCH_WORK). */
  maxWork?: number;
};

/** Longest stretch of a line a pattern is tried on, so one huge line cannot stall a search. */
const MAX_LINE_SCANNED = 2_000;
/**
 * Characters × pattern size one search may scan (linear-time matching still costs that product):
 * a search that would pass it stops early and says how far it got.
 */
const MAX_SEARCH_WORK = 100_000_000;

/**
 * Line-numbered windows around the lines where any pattern occurs, overlapping windows merged.
 * Regular expressions run on a linear-time engine (lib/patterns/linear-regex.ts); one that does
 * not compile or is refused is reported, not thrown.
 */
export type FindResult = { windows: string[]; matches: number; error?: string; stoppedAtLine?: number };

export function findInDocument(text: string, opts: FindOptions): FindResult {
  let tests: ((line: string) => boolean)[];
  let costPerChar = 0;
  try {
    tests = opts.patterns.map((p) => {
      if (opts.useRegex) {
        const re = compileLinearRegex(p, { caseSensitive: opts.caseSensitive });
        costPerChar += expandedSize(p);
        return (line) => re.test(line.slice(0, MAX_LINE_SCANNED));
      }
      costPerChar += 1;
      const needle = opts.caseSensitive ? p : p.toLowerCase();
      return (line) => (opts.caseSensitive ? line : line.toLowerCase()).includes(needle);
    });
  } catch (err) {
    return { windows: [], matches: 0, error: `Error: invalid regular expression (${(err as Error).message}).` };
  }
  const lines = text.split("\n");
  const hits: number[] = [];
  let work = 0;
  let stoppedAtLine: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    work += (Math.min(lines[i].length, MAX_LINE_SCANNED) + 1) * costPerChar;
    if (work > (opts.maxWork ?? MAX_SEARCH_WORK)) {
      stoppedAtLine = i + 1;
      break;
    }
    if (tests.some((t) => t(lines[i]))) hits.push(i + 1);
  }
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
  return { windows, matches: hits.length, ...(stoppedAtLine ? { stoppedAtLine } : {}) };
}
