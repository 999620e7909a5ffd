import { describe, expect, it } from "vitest";
import { outsideCitations } from "./outside-citations.mjs";

describe("outsideCitations", () => {
  it("finds the spec, the shared documents and the issue tracker, by line", () => {
    const text = [
      "// Slot 5 (SPEC 3.5): the summary.",
      "/** See ../shared/docs/API.md. */",
      'test("a token cannot take over its account (issue 9)", () => {});',
      '// docs/ARCHITECTURE.md, "Summary": an issue with long inputs.',
    ].join("\n");
    expect(outsideCitations(text).map((c) => c.line)).toEqual([1, 2, 3]);
  });

  it("leaves in-repo citations and ordinary words alone", () => {
    expect(outsideCitations('// docs/API.md, "/api/chat"; const SPEC = "demo:demo-chat"; no issues')).toEqual([]);
  });
});
