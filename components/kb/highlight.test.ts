import { describe, expect, it } from "vitest";
import { highlightSegments, queryTerms } from "./highlight";

const marked = (text: string, query: string) =>
  highlightSegments(text, query)
    .filter((s) => s.match)
    .map((s) => s.text);

describe("queryTerms", () => {
  it("keeps words of two or more characters, longest first", () => {
    expect(queryTerms("When is the fog horn logged?")).toEqual(["logged", "when", "horn", "the", "fog", "is"]);
  });

  it("splits a CJK run into overlapping pairs", () => {
    expect(queryTerms("仓库盘点")).toEqual(["仓库", "库盘", "盘点"]);
  });

  it("has nothing to look for in punctuation or single letters", () => {
    expect(queryTerms(" ? a - ")).toEqual([]);
  });
});

describe("highlightSegments", () => {
  it("marks query words case-insensitively and keeps the text whole", () => {
    const text = "The Fog horn sounds; fog again.";
    const segments = highlightSegments(text, "fog");
    expect(segments.map((s) => s.text).join("")).toBe(text);
    expect(marked(text, "fog")).toEqual(["Fog", "fog"]);
  });

  it("matches from the start of a word only", () => {
    expect(marked("indexed in the main index", "index in")).toEqual(["index", "in", "index"]);
  });

  it("merges adjacent CJK pairs into one mark", () => {
    expect(marked("仓库每个季度末进行一次全面盘点。", "仓库多久盘点一次")).toEqual(["仓库", "一次", "盘点"]);
  });

  it("returns the text unmarked when the query has no terms", () => {
    expect(highlightSegments("plain", "?")).toEqual([{ text: "plain", match: false }]);
    expect(highlightSegments("", "fog")).toEqual([]);
  });
});
