import { RE2JS } from "re2js";

/**
 * Regular expressions written by a model (or a prompt injected into a document it reads) run in
 * linear time: RE2's automaton has no backtracking, so `(a+)+$` or `.{0,2000}.{0,2000}!` cost
 * time proportional to pattern × text, never exponential. RE2 has no backreferences or
 * lookarounds; such a pattern is refused with a readable reason. The pattern's own size is
 * capped too, since its compiled program is what the text is run through.
 */
export const MAX_PATTERN_LENGTH = 500;
/** Atoms in the compiled program, counted repeats expanded (see expandedSize). */
const MAX_EXPANDED_SIZE = 2_000;

export type LinearRegex = { test(text: string): boolean };

export class PatternRefused extends Error {}

export function compileLinearRegex(pattern: string, opts: { caseSensitive: boolean }): LinearRegex {
  if (pattern.length > MAX_PATTERN_LENGTH)
    throw new PatternRefused(`the pattern is ${pattern.length} characters; at most ${MAX_PATTERN_LENGTH} are allowed`);
  const size = expandedSize(pattern);
  if (size > MAX_EXPANDED_SIZE)
    throw new PatternRefused(
      `its counted repeats ({n}, {m,n}) expand it to about ${size} steps; at most ${MAX_EXPANDED_SIZE} are allowed. Use * or + instead of large counts`,
    );
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern, opts.caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch (err) {
    throw new PatternRefused(describeSyntaxError(pattern, err));
  }
  return { test: (text) => compiled.matcher(text).find() };
}

/**
 * The size of the compiled program, roughly: each atom counts once, times the counted repeats
 * around it (`(a{0,100}){0,100}` is 10,000 copies of `a`). Unbounded `*` and `+` add nothing.
 */
export function expandedSize(pattern: string): number {
  const open: number[] = []; // the size before each open group
  let size = 0;
  const counted = (end: number) => countAt(pattern, end + 1) ?? 1;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "(") {
      open.push(size);
      size = 0;
    } else if (c === ")") {
      const group = Math.max(1, size);
      size = (open.pop() ?? 0) + group * counted(i);
    } else if (c === "{" && countAt(pattern, i) !== null) {
      i = pattern.indexOf("}", i); // the count itself, already applied to the atom before it
    } else if ("*+?|^$".includes(c)) {
      // quantifiers, alternation and anchors add no atom
    } else {
      if (c === "\\") i++;
      else if (c === "[") i = classEnd(pattern, i);
      size += counted(i);
    }
  }
  while (open.length) size += open.pop()!;
  return size;
}

/** The upper count of a `{n}`, `{m,}` or `{m,n}` starting at `at` (`{m,}` counts as m). */
function countAt(pattern: string, at: number): number | null {
  const m = /^\{(\d{1,9})(?:,(\d{0,9}))?\}/.exec(pattern.slice(at, at + 24));
  if (!m) return null;
  return Math.max(1, Number(m[2] || m[1]));
}

function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === "^") i++;
  if (pattern[i] === "]") i++;
  for (; i < pattern.length; i++) {
    if (pattern[i] === "\\") i++;
    else if (pattern[i] === "]") return i;
  }
  return pattern.length;
}

function describeSyntaxError(pattern: string, err: unknown): string {
  if (/\(\?[=!]|\(\?<[=!]/.test(pattern)) return "lookahead and lookbehind (?=, ?!, ?<=, ?<!) are not supported";
  if (/\\[1-9]|\\k</.test(pattern)) return "backreferences (\\1, \\k<name>) are not supported";
  const message = (err as Error).message || String(err);
  return message.replace(/^error parsing regexp: /, "");
}
