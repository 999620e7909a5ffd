/**
 * A window of a parsed document: from a 1-based line or a character offset, at most `window`
 * characters, ending at a line break when one falls in the window's last fifth.
 */
export type DocumentWindow = {
  text: string;
  offset: number;
  nextOffset: number;
  startLine: number;
  endLine: number;
  totalChars: number;
  totalLines: number;
  hasMore: boolean;
  hasPrevious: boolean;
};

export function documentWindow(text: string, at: { offset?: number; line?: number; window: number }): DocumentWindow {
  const totalLines = text.split("\n").length;
  let offset = Math.min(at.offset ?? 0, text.length);
  if (at.line !== undefined) offset = offsetOfLine(text, Math.min(at.line, totalLines));
  let end = Math.min(text.length, offset + at.window);
  if (end < text.length) {
    const lastBreak = text.lastIndexOf("\n", end - 1);
    if (lastBreak >= offset + Math.floor(at.window * 0.8)) end = lastBreak + 1;
  }
  const startLine = lineAt(text, offset);
  const slice = text.slice(offset, end);
  return {
    text: slice,
    offset,
    nextOffset: end,
    startLine,
    endLine: startLine + (slice.replace(/\n$/, "").match(/\n/g)?.length ?? 0),
    totalChars: text.length,
    totalLines,
    hasMore: end < text.length,
    hasPrevious: offset > 0,
  };
}

function offsetOfLine(text: string, line: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", offset);
    if (next < 0) return offset;
    offset = next + 1;
  }
  return offset;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** The window with each line numbered, as the agent tools show it. */
export function numberedLines(w: DocumentWindow): string {
  return w.text
    .replace(/\n$/, "")
    .split("\n")
    .map((l, i) => `${String(w.startLine + i).padStart(6)}\t${l}`)
    .join("\n");
}
