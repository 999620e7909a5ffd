import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { buildZip } from "@/lib/testing/zip-fixtures";
import { docxWithParagraphs, pdfWithCompressedText } from "@/lib/testing/kb-samples";
import { ParseFailure } from "./parse-failure";
import { parseDocumentInWorker, stopParseWorker } from "./parse-in-worker";

afterEach(() => vi.unstubAllEnvs());
afterAll(stopParseWorker);

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ParseFailure,
  );

/** A Word document whose body inflates to `mib` MiB of XML from a few hundred KB. */
function docxBomb(mib: number): Buffer {
  const paragraph =
    '<w:p><w:r><w:t xml:space="preserve">All work and no play makes Jack a dull boy. </w:t></w:r></w:p>';
  const body = paragraph.repeat(Math.ceil((mib * 1024 * 1024) / paragraph.length));
  return buildZip([
    {
      name: "[Content_Types].xml",
      data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    {
      name: "word/document.xml",
      data: `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    },
  ]);
}

describe("parseDocumentInWorker", () => {
  it("reads a real document in the worker", async () => {
    const docx = docxWithParagraphs([{ text: "Leave policy", heading: 1 }, { text: "Fifteen days a year." }]);
    expect(await parseDocumentInWorker(docx, "docx")).toMatch(/^# Leave policy\n\nFifteen days a year\.$/);
  });

  // A ~100 KB .docx inflating to 100 MB was "indexed" on the main thread; the server answered nothing for minutes.
  it("refuses a docx bomb before the Word reader inflates it", async () => {
    const bomb = docxBomb(40);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const err = await failureOf(parseDocumentInWorker(bomb, "docx"));
    expect(err).toBeInstanceOf(ParseFailure);
    expect(err).toMatchObject({ code: "archive_refused", message: expect.stringMatching(/looks like a zip bomb/) });
  });

  it("fails a PDF whose compressed text layer passes the text cap", async () => {
    vi.stubEnv("KB_MAX_TEXT_CHARS", "100000");
    const pdf = pdfWithCompressedText("The quick brown fox jumps over the lazy dog.", 20_000);
    expect(pdf.length).toBeLessThan(100_000);
    const err = await failureOf(parseDocumentInWorker(pdf, "pdf"));
    expect(err).toMatchObject({
      code: "text_too_large",
      message: expect.stringMatching(/more than 100,000 characters/),
    });
  });

  it("stops a parse that passes the time limit, and reads the next document", async () => {
    vi.stubEnv("KB_PARSE_TIMEOUT_SECONDS", "1");
    const pdf = pdfWithCompressedText("The quick brown fox jumps over the lazy dog.", 400_000);
    const err = await failureOf(parseDocumentInWorker(pdf, "pdf"));
    expect(err).toMatchObject({ code: expect.stringMatching(/^parse_(timeout|memory)$/) });
    vi.unstubAllEnvs();
    expect(await parseDocumentInWorker(new TextEncoder().encode("still here"), "txt")).toBe("still here");
  });
});
