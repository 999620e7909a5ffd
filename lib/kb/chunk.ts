import type { KbChunking } from "@/lib/db/kb-schema";
import type { Chunk } from "@/lib/db/kb-ingest";
import { estimateTokens } from "./segment";

export type { Chunk };

type Unit = {
  text: string;
  line: number;
  tokens: number;
  headingPath: string[];
  /** The level of the heading this unit is (1–6), or 0. */
  heading: number;
  joinsPrevious: boolean;
};

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^\s*(```|~~~)/;

/**
 * Cuts a parsed document into chunks of at most `chunkSize` tokens. Chunks follow lines, start
 * afresh at a top-level (#, ##) heading, and at a deeper one once they hold a quarter of their size, and repeat up to `chunkOverlap`
 * tokens of the previous chunk (never across a heading). A line longer than a chunk is split at
 * the first separator that occurs in it, then the next, then by characters.
 */
export function chunkDocument(text: string, settings: Required<KbChunking>): Chunk[] {
  const { chunkSize, chunkOverlap, separators } = settings;
  const units = toUnits(text, chunkSize, separators);
  const chunks: Chunk[] = [];
  let current: Unit[] = [];
  let tokens = 0;
  const close = (carry: boolean) => {
    if (current.length === 0) return;
    chunks.push(toChunk(current));
    const kept: Unit[] = [];
    let keptTokens = 0;
    if (carry && chunkOverlap > 0) {
      for (let i = current.length - 1; i > 0; i--) {
        if (keptTokens + current[i].tokens > chunkOverlap) break;
        kept.unshift(current[i]);
        keptTokens += current[i].tokens;
      }
    }
    current = kept;
    tokens = keptTokens;
  };
  for (const unit of units) {
    const hasBody = current.some((u) => !u.heading);
    if (unit.heading && hasBody && (unit.heading <= 2 || tokens >= chunkSize / 4)) close(false);
    else if (tokens + unit.tokens > chunkSize) close(true);
    if (tokens + unit.tokens > chunkSize) {
      // The carried overlap would not leave room for this unit: drop it.
      current = [];
      tokens = 0;
    }
    current.push(unit);
    tokens += unit.tokens;
  }
  close(false);
  return chunks;
}

function toChunk(units: Unit[]): Chunk {
  let content = "";
  for (const [i, u] of units.entries()) content += i === 0 || u.joinsPrevious ? u.text : `\n${u.text}`;
  return {
    content,
    startLine: units[0].line,
    endLine: units[units.length - 1].line,
    // Headings that open the chunk belong to its text: the path is that of its first body line.
    headingPath: (units.find((u) => !u.heading) ?? units[units.length - 1]).headingPath,
    tokenCount: units.reduce((n, u) => n + u.tokens, 0),
  };
}

function toUnits(text: string, chunkSize: number, separators: string[]): Unit[] {
  const units: Unit[] = [];
  const path: { level: number; title: string }[] = [];
  let fenced = false;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (FENCE.test(line)) fenced = !fenced;
    const heading = fenced ? null : HEADING.exec(line);
    if (heading) {
      const level = heading[1].length;
      while (path.length && path[path.length - 1].level >= level) path.pop();
      path.push({ level, title: heading[2] });
    }
    if (!line.trim()) continue;
    const headingPath = path.map((p) => p.title);
    const pieces = splitLong(line, chunkSize - 1, separators); // one token for the line break
    pieces.forEach((piece, k) =>
      units.push({
        text: piece,
        line: i + 1,
        tokens: estimateTokens(piece) + (k === 0 ? 1 : 0), // the line break
        headingPath,
        heading: heading && k === 0 ? heading[1].length : 0,
        joinsPrevious: k > 0,
      }),
    );
  }
  return units;
}

/** Pieces of at most `max` tokens that concatenate back to `text`. */
function splitLong(text: string, max: number, separators: string[]): string[] {
  if (estimateTokens(text) <= max) return [text];
  const sep = separators.find((s) => text.includes(s));
  if (!sep) return hardCut(text, max);
  const parts = text.split(sep).map((p, i, all) => (i < all.length - 1 ? p + sep : p));
  const rest = separators.slice(separators.indexOf(sep) + 1);
  const pieces: string[] = [];
  let buf = "";
  for (const part of parts.flatMap((p) => splitLong(p, max, rest))) {
    if (buf && estimateTokens(buf + part) > max) {
      pieces.push(buf);
      buf = "";
    }
    buf += part;
  }
  if (buf) pieces.push(buf);
  return pieces;
}

function hardCut(text: string, max: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + max); // at least `max` CJK tokens fit, or 4x as many other characters
    while (end < text.length && estimateTokens(text.slice(start, end + 64)) <= max) end += 64;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
