import { describe, expect, it } from "vitest";
import { chunkDocument } from "./chunk";
import { DEFAULT_CHUNKING } from "./chunking-settings";
import { estimateTokens, queryTerms, segmentCjk, anyTermQuery } from "./segment";

const settings = (over: Partial<typeof DEFAULT_CHUNKING> = {}) => ({ ...DEFAULT_CHUNKING, ...over });
const lines = (n: number, word = "alpha") =>
  Array.from({ length: n }, (_, i) => `${word} line ${i + 1} says something worth keeping here.`);

describe("chunking", () => {
  it("keeps a short document in one chunk with its line range and heading path", () => {
    const text = "# Guide\n\n## Install\nRun npm install.\nThen npm start.";
    const [chunk, ...rest] = chunkDocument(text, settings());
    expect(rest).toEqual([]);
    expect(chunk).toMatchObject({ startLine: 1, endLine: 5, headingPath: ["Guide", "Install"] }); // a heading alone is no chunk
    expect(chunk.content).toBe("# Guide\n## Install\nRun npm install.\nThen npm start.");
  });

  it("never exceeds the chunk size, covers every line, and overlaps neighbours", () => {
    const text = lines(400).join("\n");
    const chunks = chunkDocument(text, settings({ chunkSize: 128, chunkOverlap: 32 }));
    expect(chunks.length).toBeGreaterThan(20);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(128);
    expect(chunks[0].startLine).toBe(1);
    expect(chunks.at(-1)!.endLine).toBe(400);
    for (let i = 1; i < chunks.length; i++) {
      // The next chunk starts inside the previous one (overlap) but never before it, and no line is skipped.
      expect(chunks[i].startLine).toBeLessThanOrEqual(chunks[i - 1].endLine);
      expect(chunks[i].startLine).toBeGreaterThan(chunks[i - 1].startLine);
    }
    const covered = new Set(chunks.flatMap((c) => c.content.split("\n")));
    for (const l of text.split("\n")) expect(covered.has(l), l).toBe(true);
  });

  it("starts a new chunk at a heading, with no overlap across it, and records nested heading paths", () => {
    const text = [
      "# Manual",
      "## Setup",
      ...lines(30, "setup"),
      "### Linux",
      ...lines(5, "linux"),
      "## Usage",
      ...lines(30, "usage"),
    ].join("\n");
    const chunks = chunkDocument(text, settings({ chunkSize: 512, chunkOverlap: 64 }));
    const usage = chunks.find((c) => c.content.startsWith("## Usage"))!;
    expect(usage.headingPath).toEqual(["Manual", "Usage"]);
    expect(usage.content).not.toContain("linux");
    const linux = chunks.find((c) => c.content.includes("linux line 1 "))!;
    expect(linux.headingPath[0]).toBe("Manual");
  });

  it("ignores heading marks inside code fences", () => {
    const chunks = chunkDocument("# Real\n```sh\n# not a heading\n```\ntext", settings());
    expect(chunks[0].headingPath).toEqual(["Real"]);
  });

  it("splits one very long line at separators, then by characters, keeping all of it", () => {
    const sentence = "This is one sentence of a long paragraph. ";
    const long = sentence.repeat(200);
    const chunks = chunkDocument(long, settings({ chunkSize: 64, chunkOverlap: 0 }));
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(64);
    expect(chunks.map((c) => c.content).join("")).toBe(long);
    const unbroken = "x".repeat(3000);
    const cut = chunkDocument(unbroken, settings({ chunkSize: 64, chunkOverlap: 0 }));
    expect(cut.map((c) => c.content).join("")).toBe(unbroken);
    for (const c of cut) expect(c.tokenCount).toBeLessThanOrEqual(64);
  });

  it("chunks Chinese text, which has no spaces, by its own sentence marks", () => {
    const zh = "知识库把文档切分成块。每个块保留它的行号和标题路径，以便引用。".repeat(60);
    const chunks = chunkDocument(`# 知识库\n${zh}`, settings({ chunkSize: 128, chunkOverlap: 16 }));
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.tokenCount).toBeLessThanOrEqual(128);
    expect(chunks[1].content.startsWith("每个块") || chunks[1].content.startsWith("知识库把")).toBe(true);
    expect(chunks.every((c) => c.headingPath[0] === "知识库")).toBe(true);
  });
});

describe("CJK segmentation for the full-text index", () => {
  it("cuts Chinese runs into words and leaves other text alone", () => {
    expect(segmentCjk("hello world")).toBe("hello world");
    const seg = segmentCjk("我们使用知识库检索文档");
    expect(seg.trim().split(/\s+/).length).toBeGreaterThan(3);
    expect(seg.replace(/\s+/g, "")).toBe("我们使用知识库检索文档");
  });

  it("turns a query into quoted terms joined by OR", () => {
    expect(queryTerms("What's the Refund policy? refund!")).toEqual(["what", "s", "the", "refund", "policy"]);
    expect(anyTermQuery(["it's", "a\\b"])).toBe("'it''s' | 'a\\\\b'");
    expect(queryTerms("退款政策是什么").length).toBeGreaterThan(1);
  });

  it("estimates tokens: about one per CJK character, four characters otherwise", () => {
    expect(estimateTokens("abcdefgh")).toBe(2);
    expect(estimateTokens("知识库")).toBe(3);
  });
});
