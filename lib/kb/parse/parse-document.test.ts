import { describe, expect, it } from "vitest";
import { parseDocument as parseWithCap } from "./parse-document";
import { ParseFailure } from "./parse-failure";
import { DEFAULT_KB_PARSE_LIMITS } from "./limits";
import { docxWithParagraphs, pdfWithText } from "@/lib/testing/kb-samples";

const text = (s: string) => new TextEncoder().encode(s);
const parseDocument = (bytes: Uint8Array, format: Parameters<typeof parseWithCap>[1]) =>
  parseWithCap(bytes, format, DEFAULT_KB_PARSE_LIMITS.maxTextChars);

describe("document parsers", () => {
  it("reads the text of a PDF, line by line", async () => {
    const out = await parseDocument(pdfWithText(["Refunds take five days.", "Call support on weekdays."]), "pdf");
    expect(out).toContain("Refunds take five days.");
    expect(out).toContain("Call support on weekdays.");
  });

  it("refuses a damaged PDF with a reason, for good", async () => {
    const err = await parseDocument(text("%PDF-1.4 this is not a pdf"), "pdf").catch((e) => e);
    expect(err).toBeInstanceOf(ParseFailure);
    expect(err.message).toMatch(/PDF could not be read/);
  });

  it("reads a Word document with its headings as markdown headings", async () => {
    const out = await parseDocument(
      docxWithParagraphs([{ text: "Travel policy", heading: 1 }, { text: "Book trains for trips under four hours." }]),
      "docx",
    );
    expect(out).toMatch(/^# Travel policy/m);
    expect(out).toContain("Book trains for trips under four hours.");
  });

  it("reads HTML as text, without tags, scripts or styles", async () => {
    const out = await parseDocument(
      text(
        "<html><head><style>p{color:red}</style><script>alert('x')</script></head><body><h2>Title</h2><p>Hello <b>there</b>.</p></body></html>",
      ),
      "html",
    );
    expect(out).toContain("## Title");
    expect(out).toContain("Hello **there**.");
    expect(out).not.toMatch(/<|alert|color:red/);
  });

  it("turns CSV rows into self-describing lines", async () => {
    expect(await parseDocument(text('name,city\nAda,"London, UK"\nLin,北京\n'), "csv")).toBe(
      "name: Ada; city: London, UK\nname: Lin; city: 北京",
    );
  });

  it("pretty-prints JSON and refuses invalid JSON", async () => {
    expect(await parseDocument(text('{"a":[1,2]}'), "json")).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    await expect(parseDocument(text("{nope"), "json")).rejects.toBeInstanceOf(ParseFailure);
  });

  it("keeps markdown and text as they are, and refuses bytes that are not UTF-8", async () => {
    expect(await parseDocument(text("# Hi\r\nthere"), "md")).toBe("# Hi\nthere");
    await expect(parseDocument(new Uint8Array([0xff, 0xfe, 0x00, 0xd8]), "txt")).rejects.toThrow(/UTF-8/);
  });

  it("fails a document whose text passes the cap, naming the cap", async () => {
    const err = await parseWithCap(text("word ".repeat(300)), "txt", 1_000).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "text_too_large", message: expect.stringMatching(/more than 1,000 characters/) });
    expect(await parseWithCap(text("word ".repeat(100)), "txt", 1_000)).toHaveLength(500);
  });
});
