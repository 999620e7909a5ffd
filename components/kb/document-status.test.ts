import { describe, expect, it } from "vitest";
import { anyInProgress, isFailed, overallProgress } from "./document-status";

describe("document status", () => {
  it("runs the bar through parsing (first half) then indexing (second half)", () => {
    expect(overallProgress({ status: "uploaded", progress: 0 })).toBe(0);
    expect(overallProgress({ status: "parsing", progress: 50 })).toBe(25);
    expect(overallProgress({ status: "parsed", progress: 100 })).toBe(50);
    expect(overallProgress({ status: "indexing", progress: 40 })).toBe(70);
    expect(overallProgress({ status: "indexed", progress: 100 })).toBe(100);
  });

  it("keeps polling only while a document is not final", () => {
    expect(anyInProgress([{ status: "indexed" }, { status: "error_parsing" }])).toBe(false);
    expect(anyInProgress([{ status: "indexed" }, { status: "indexing" }])).toBe(true);
    expect(isFailed("error_indexing")).toBe(true);
    expect(isFailed("parsed")).toBe(false);
  });
});
