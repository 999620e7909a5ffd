import { RE2JS } from "re2js";
import { PatternRefused } from "./linear-regex";

/**
 * Globs chosen by a model, matched in linear time: the glob becomes an RE2 expression (no
 * backtracking), so `*a*a*a*a*a*a*b` against a long name costs one pass, where a backtracking
 * translation (micromatch's) ran for seconds. The dialect is the usual one, as micromatch reads it
 * with `dot: true`: `*` and `?` within one path segment, `**` across segments, `[abc]`, `[!abc]`,
 * `{a,b}`, `@(a|b)`, `?(a)`, `+(a)`, `*(a)`, a leading `!` to negate, `\` to escape. `!(a)` needs a
 * lookahead, which a linear-time engine has not, and is refused.
 */
const MAX_GLOB_LENGTH = 500;
export const MAX_GLOB_WILDCARDS = 40;

export type GlobMatcher = (path: string) => boolean;

export function compileGlob(glob: string): GlobMatcher {
  if (glob.length > MAX_GLOB_LENGTH)
    throw new PatternRefused(`the glob is ${glob.length} characters; at most ${MAX_GLOB_LENGTH} are allowed`);
  const negated = glob.startsWith("!") && !glob.startsWith("!(");
  const body = negated ? glob.slice(1) : glob;
  const translation = new Translation(body);
  const source = translation.expression(body.length, "");
  if (translation.wildcards > MAX_GLOB_WILDCARDS)
    throw new PatternRefused(
      `the glob has ${translation.wildcards} wildcards; at most ${MAX_GLOB_WILDCARDS} are allowed`,
    );
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(`^(?:${source})$`, RE2JS.DOTALL);
  } catch (err) {
    throw new PatternRefused(`the glob could not be read (${(err as Error).message})`);
  }
  return (path) => compiled.matches(path) !== negated;
}

const EXTGLOB: Record<string, string> = { "@": "", "?": "?", "+": "+", "*": "*" };

class Translation {
  i = 0;
  wildcards = 0;
  constructor(private readonly glob: string) {}

  /** Reads up to `end` or to one of `stops` (outside nested groups), returning RE2 source. */
  expression(end: number, stops: string): string {
    let out = "";
    const g = this.glob;
    while (this.i < end && !stops.includes(g[this.i])) {
      const c = g[this.i];
      const next = g[this.i + 1];
      if (c === "/" && g.startsWith("**", this.i + 1) && this.i + 3 === end && !stops) {
        out += "(?:/.*)?"; // `folder/**`: the folder itself and everything below it
        this.wildcards++;
        this.i += 3;
      } else if (c === "\\") {
        out += RE2JS.quote(g[this.i + 1] ?? "\\");
        this.i += 2;
      } else if (c === "!" && next === "(") {
        throw new PatternRefused("!(…) is not supported; list what should match instead");
      } else if (c in EXTGLOB && next === "(") {
        this.i += 2;
        const alternatives = this.alternatives(")", "|");
        out += `(?:${alternatives.join("|")})${EXTGLOB[c]}`;
        this.wildcards++;
      } else if (c === "*") {
        out += this.star();
      } else if (c === "?") {
        out += "[^/]";
        this.wildcards++;
        this.i++;
      } else if (c === "[") {
        out += this.characterClass();
      } else if (c === "{" && this.hasBraceList()) {
        this.i++;
        out += `(?:${this.alternatives("}", ",").join("|")})`;
      } else {
        out += RE2JS.quote(c);
        this.i++;
      }
    }
    return out;
  }

  private alternatives(close: string, separator: string): string[] {
    const found: string[] = [];
    for (;;) {
      found.push(this.expression(this.glob.length, close + separator));
      const c = this.glob[this.i++];
      if (c === close) return found;
      if (c !== separator) throw new PatternRefused(`a "${close}" is missing`);
    }
  }

  /** `**` as a whole segment crosses folders; any other run of stars stays within one. */
  private star(): string {
    const g = this.glob;
    const start = this.i;
    while (g[this.i] === "*") this.i++;
    this.wildcards++;
    const wholeSegment = this.i - start >= 2 && (start === 0 || g[start - 1] === "/");
    if (!wholeSegment) return "[^/]*";
    if (g[this.i] === "/") {
      this.i++;
      return "(?:[^/]*/)*"; // `**/`: any number of folders, none included
    }
    if (this.i === g.length) return ".*";
    return "[^/]*";
  }

  private characterClass(): string {
    const g = this.glob;
    let j = this.i + 1;
    let negate = false;
    if (g[j] === "!" || g[j] === "^") {
      negate = true;
      j++;
    }
    let body = "";
    if (g[j] === "]") {
      body += "\\]";
      j++;
    }
    for (; j < g.length && g[j] !== "]"; j++) {
      const c = g[j];
      if (c === "\\" && j + 1 < g.length) body += `\\${g[++j]}`;
      else if (c === "[" || c === "^") body += `\\${c}`;
      else body += c;
    }
    if (j >= g.length) {
      // No closing bracket: a literal "[".
      this.i++;
      return "\\[";
    }
    this.i = j + 1;
    this.wildcards++;
    return negate ? `[^/${body}]` : `[${body}]`;
  }

  /** `{a,b}` is a list only when a comma sits at its own level before the matching brace. */
  private hasBraceList(): boolean {
    let depth = 0;
    for (let j = this.i; j < this.glob.length; j++) {
      const c = this.glob[j];
      if (c === "\\") j++;
      else if (c === "{") depth++;
      else if (c === "}") {
        if (--depth === 0) return false;
      } else if (c === "," && depth === 1) return true;
    }
    return false;
  }
}
