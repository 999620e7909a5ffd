/** The document formats a knowledge base ingests, by file extension. Browser-safe: the upload zone uses it too. */
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
  const base = name.replaceAll("\\", "/").split("/").pop() ?? "";
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
  return Object.hasOwn(KB_FORMATS, ext) ? (ext as KbFormat) : null;
}

export const SUPPORTED_EXTENSIONS = Object.keys(KB_FORMATS).map((e) => `.${e}`);
