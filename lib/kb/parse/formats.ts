import path from "node:path";

/** The document formats a knowledge base ingests (SPEC 4), by file extension. */
export const KB_FORMATS = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  md: "text/markdown",
  markdown: "text/markdown",
  txt: "text/plain",
  html: "text/html",
  htm: "text/html",
  csv: "text/csv",
  json: "application/json",
} as const;
export type KbFormat = keyof typeof KB_FORMATS;

export function kbFormatOf(name: string): KbFormat | null {
  const ext = path.posix.extname(name.replaceAll("\\", "/")).slice(1).toLowerCase();
  return ext in KB_FORMATS ? (ext as KbFormat) : null;
}

export const SUPPORTED_EXTENSIONS = Object.keys(KB_FORMATS).map((e) => `.${e}`);
