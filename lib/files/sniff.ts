import path from "node:path";
import { BINARY_BY_EXTENSION, TEXT_BY_EXTENSION } from "@/lib/workspace/media-type";
import { fileTypeFromBuffer } from "file-type";

/**
 * What a file is, from its bytes: magic numbers (file-type) first, then a text check. The
 * name only refines text (markdown, csv, code) and is compared against the bytes, never trusted.
 */
type FileKind = "image" | "pdf" | "word" | "excel" | "powerpoint" | "zip" | "media" | "text" | "other";
export type Sniffed = { mediaType: string; ext: string; kind: FileKind };

/** Binary types accepted as uploads (media types as file-type reports them). */
const ACCEPTED_BINARY: Record<string, FileKind> = {
  "image/png": "image",
  "image/jpeg": "image",
  "image/gif": "image",
  "image/webp": "image",
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "word",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "excel",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "powerpoint",
  "application/zip": "zip",
  "audio/mpeg": "media",
  "audio/wav": "media",
  "audio/ogg": "media",
  "audio/ogg; codecs=opus": "media",
  "audio/mp4": "media",
  "audio/x-m4a": "media",
  "audio/aac": "media",
  "audio/flac": "media",
  "video/mp4": "media",
  "video/x-m4v": "media",
  "video/webm": "media",
  "video/ogg": "media",
  "video/quicktime": "media",
  "video/matroska": "media",
};

/** What an extension claims the bytes are (for the mismatch check), including types never accepted. */
const KIND_BY_EXTENSION: Record<string, FileKind> = {
  ...Object.fromEntries(Object.entries(BINARY_BY_EXTENSION).map(([ext, mime]) => [ext, ACCEPTED_BINARY[mime]])),
  ...Object.fromEntries(Object.keys(TEXT_BY_EXTENSION).map((ext) => [ext, "text" as const])),
  bmp: "image",
  tif: "image",
  tiff: "image",
  heic: "image",
  ico: "image",
  doc: "word",
  xls: "excel",
  ppt: "powerpoint",
  oga: "media",
  ogv: "media",
  avi: "media",
};

/** Inline previews that cannot run script in the app's origin. SVG and HTML are text here. */
const INLINE_SAFE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);

export class UnsupportedFileType extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsupportedFileType";
  }
}

function extensionOf(name: string): string {
  return path.posix.extname(name.replaceAll("\\", "/")).slice(1).toLowerCase();
}

/** Valid UTF-8 without NUL bytes. */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function textType(name: string): Sniffed {
  const ext = extensionOf(name);
  const mediaType = TEXT_BY_EXTENSION[ext];
  return mediaType ? { mediaType, ext, kind: "text" } : { mediaType: "text/plain", ext: "txt", kind: "text" };
}

/** The type of any stored file (for serving): never refuses; unknown binary is octet-stream. */
export async function sniffFile(bytes: Uint8Array, name: string): Promise<Sniffed> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && ACCEPTED_BINARY[detected.mime])
    return { mediaType: detected.mime, ext: detected.ext, kind: ACCEPTED_BINARY[detected.mime] };
  // A detected type outside the accepted set (xml, an "MZ" prefix...) is still plain text when the bytes are.
  if (isText(bytes)) return textType(name);
  if (detected) return { mediaType: detected.mime, ext: detected.ext, kind: "other" };
  return { mediaType: "application/octet-stream", ext: "bin", kind: "other" };
}

/**
 * The type of an upload, or UnsupportedFileType when the bytes are not an accepted type or
 * do not match what the name (or, without a known extension, the declared type) claims.
 */
export async function sniffUpload(bytes: Uint8Array, name: string, declaredType = ""): Promise<Sniffed> {
  const sniffed = await sniffFile(bytes, name);
  if (sniffed.kind === "other") {
    throw new UnsupportedFileType(
      sniffed.mediaType === "application/octet-stream"
        ? "This file type is not accepted: its content is not a recognised document, image, archive, media or text file."
        : `This file type is not accepted (${sniffed.mediaType}). Upload images, PDF, Office documents, zip archives, audio, video or text.`,
    );
  }
  const ext = extensionOf(name);
  const claimed = KIND_BY_EXTENSION[ext] ?? (ext ? undefined : kindOfDeclared(declaredType));
  if (claimed && claimed !== sniffed.kind) {
    const what = ext ? `its name ends in .${ext}` : `it was sent as ${declaredType}`;
    throw new UnsupportedFileType(`The file's content (${sniffed.mediaType}) does not match its type: ${what}.`);
  }
  return sniffed;
}

function kindOfDeclared(declared: string): FileKind | undefined {
  const t = declared.split(";")[0].trim().toLowerCase();
  if (!t || t === "application/octet-stream") return undefined;
  if (ACCEPTED_BINARY[t]) return ACCEPTED_BINARY[t];
  if (t === "image/jpg") return "image";
  if (t.startsWith("image/")) return t === "image/svg+xml" ? "text" : "image";
  if (t.startsWith("audio/") || t.startsWith("video/")) return "media";
  if (t.startsWith("text/") || Object.values(TEXT_BY_EXTENSION).includes(t)) return "text";
  return undefined;
}

/**
 * How to send a file to a browser: safe previews inline with their type, every text (HTML,
 * SVG and scripts included) as text/plain, anything else only as a download.
 */
export function servingPolicy(sniffed: Sniffed): { contentType: string; inline: boolean } {
  if (INLINE_SAFE.has(sniffed.mediaType)) return { contentType: sniffed.mediaType, inline: true };
  if (sniffed.kind === "text") return { contentType: "text/plain; charset=utf-8", inline: true };
  return { contentType: sniffed.mediaType, inline: false };
}
