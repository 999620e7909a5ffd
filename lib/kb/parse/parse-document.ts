import Papa from "papaparse";
import { NodeHtmlMarkdown } from "node-html-markdown";
import { isZipRefused, readZipFiles } from "@/lib/files/zip-read";
import { ParseFailure } from "./parse-failure";
import type { KbFormat } from "./formats";

/**
 * A document's readable text, markdown-flavoured so headings survive for citations: one line per
 * line of the source (pdf: per line of extracted text). Unreadable input throws a ParseFailure,
 * whose code the user sees translated next to the document. Text past `maxTextChars` fails the
 * document: a part of it would be a silent loss. Runs in a worker thread (parse-in-worker.ts).
 */
export async function parseDocument(bytes: Uint8Array, format: KbFormat, maxTextChars: number): Promise<string> {
  const text = await parseText(bytes, format);
  if (text.length > maxTextChars)
    throw new ParseFailure(
      "text_too_large",
      `The document holds more than ${formatChars(maxTextChars)} characters of text; split it into smaller documents.`,
    );
  return text;
}

const formatChars = (n: number) =>
  n >= 1_000_000 ? `${Math.round(n / 100_000) / 10} million` : n.toLocaleString("en");

async function parseText(bytes: Uint8Array, format: KbFormat): Promise<string> {
  switch (format) {
    case "md":
    case "markdown":
    case "txt":
      return decodeText(bytes);
    case "html":
    case "htm":
      return htmlToText(decodeText(bytes));
    case "csv":
      return csvToText(decodeText(bytes));
    case "json":
      return jsonToText(decodeText(bytes));
    case "pdf":
      return pdfToText(bytes);
    case "docx":
      return docxToText(bytes);
  }
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes).replace(/\r\n?/g, "\n");
  } catch {
    throw new ParseFailure("not_utf8", "The file is not valid UTF-8 text. Save it as UTF-8 and upload it again.");
  }
}

const html = new NodeHtmlMarkdown({ ignore: ["script", "style", "noscript", "template", "svg", "nav", "footer"] });

function htmlToText(source: string): string {
  return html
    .translate(source)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function csvToText(source: string): string {
  const parsed = Papa.parse<string[]>(source.trim(), { skipEmptyLines: true });
  const rows = parsed.data;
  if (rows.length === 0) throw new ParseFailure("csv_empty", "The CSV file has no rows.");
  if (parsed.errors.length > 0 && parsed.errors.length >= rows.length)
    throw new ParseFailure("csv_unreadable", `The CSV file could not be read: ${parsed.errors[0].message}.`);
  const [header, ...body] = rows;
  if (body.length === 0) return header.join(" | ");
  // One self-describing line per row, so any chunk of rows still says what each value is.
  return body
    .map((row) => row.map((v, i) => `${header[i]?.trim() || `column ${i + 1}`}: ${v.trim()}`).join("; "))
    .join("\n");
}

function jsonToText(source: string): string {
  try {
    return JSON.stringify(JSON.parse(source), null, 2);
  } catch (err) {
    throw new ParseFailure("json_invalid", `The JSON file is not valid JSON: ${(err as Error).message}`);
  }
}

async function pdfToText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  let pages: string[];
  try {
    const doc = await getDocumentProxy(new Uint8Array(bytes));
    pages = (await extractText(doc, { mergePages: false })).text;
  } catch (err) {
    throw new ParseFailure(
      "pdf_unreadable",
      `The PDF could not be read (${(err as Error).message || "damaged file"}).`,
    );
  }
  const text = pages
    .map((p) => p.replace(/\r\n?/g, "\n").trim())
    .filter(Boolean)
    .join("\n\n");
  if (!text)
    throw new ParseFailure(
      "pdf_no_text",
      "The PDF has no extractable text (it may be scanned images; OCR is not supported).",
    );
  return text;
}

/**
 * A .docx is a zip: the bounded reader checks it first (real sizes, ratio, totals), so mammoth,
 * which inflates without limits, only ever sees parts that are known to stay small.
 */
const DOCX_ZIP_LIMITS = {
  maxEntries: 2_000,
  maxFileBytes: 64 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
  maxRatio: 100,
  ratioFromBytes: 1024 * 1024,
};

async function docxToText(bytes: Uint8Array): Promise<string> {
  try {
    readZipFiles(bytes, DOCX_ZIP_LIMITS);
  } catch (err) {
    if (!isZipRefused(err)) throw err;
    throw new ParseFailure("archive_refused", `The Word document was refused: ${err.message}`);
  }
  const mammoth = await import("mammoth");
  let result: { value: string };
  try {
    result = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  } catch (err) {
    throw new ParseFailure(
      "docx_unreadable",
      `The Word document could not be read (${(err as Error).message || "damaged file"}).`,
    );
  }
  const text = htmlToText(result.value);
  if (!text) throw new ParseFailure("docx_no_text", "The Word document has no text.");
  return text;
}
