import { describe, expect, it } from "vitest";
import { documentWindow } from "@/lib/kb/document-window";
import { appendWindow, prependWindow } from "./use-document-window";

const TEXT = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join("\n");

describe("growing the loaded text", () => {
  it("appends the next window and keeps the text contiguous", () => {
    const first = documentWindow(TEXT, { line: 10, window: 60 });
    const grown = appendWindow(first, documentWindow(TEXT, { offset: first.nextOffset, window: 60 }));
    expect(TEXT.slice(grown.offset, grown.nextOffset)).toBe(grown.text);
    expect(grown.startLine).toBe(10);
  });

  it("prepends an earlier window, dropping a cut first line", () => {
    const current = documentWindow(TEXT, { line: 20, window: 60 });
    const start = current.offset - 25; // lands inside a line
    const grown = prependWindow(current, documentWindow(TEXT, { offset: start, window: current.offset - start }));
    expect(grown.text.startsWith("line ")).toBe(true);
    expect(TEXT.slice(grown.offset, grown.nextOffset)).toBe(grown.text);
    expect(grown.text.split("\n")[0]).toBe(`line ${grown.startLine}`);
    expect(grown.hasPrevious).toBe(true);
  });

  it("reaches the top of the document", () => {
    const current = documentWindow(TEXT, { line: 3, window: 60 });
    const grown = prependWindow(current, documentWindow(TEXT, { offset: 0, window: current.offset }));
    expect(grown).toMatchObject({ offset: 0, startLine: 1, hasPrevious: false });
    expect(grown.text.startsWith("line 1\n")).toBe(true);
  });
});
