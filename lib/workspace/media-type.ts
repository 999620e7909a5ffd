import path from "node:path";

const BINARY_BY_EXTENSION: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".bmp": "image/bmp",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
  ".gz": "application/gzip",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

/** Images a multimodal model can be shown by read_file. */
export const MODEL_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * Media type for reading a workspace file: known binary extensions first, then the bytes
 * (a NUL in the first 8 KiB means binary), else text. Good enough to decide how read_file
 * shows a file; uploads are checked more strictly by magic bytes.
 */
export function mediaTypeForRead(virtualPath: string, bytes: Uint8Array): string {
  const byExt = BINARY_BY_EXTENSION[path.posix.extname(virtualPath).toLowerCase()];
  if (byExt) return byExt;
  const head = bytes.subarray(0, 8192);
  return head.includes(0) ? "application/octet-stream" : "text/plain";
}

export function isTextType(mediaType: string): boolean {
  return mediaType.startsWith("text/") || mediaType === "application/json";
}

const BY_NAME: Record<string, string> = {
  ".md": "text/markdown",
  ".markdown": "text/markdown",
  ".txt": "text/plain",
  ".csv": "text/csv",
  ".json": "application/json",
  ".html": "text/html",
  ".htm": "text/html",
  ".svg": "image/svg+xml",
  ".xml": "application/xml",
  ".yaml": "text/yaml",
  ".yml": "text/yaml",
  ".js": "text/javascript",
  ".ts": "text/x-typescript",
  ".py": "text/x-python",
  ".css": "text/css",
};

/** Media type from a file name alone (for listings and artifact cards; uploads sniff bytes). */
export function mediaTypeByName(name: string): string {
  const ext = path.posix.extname(name).toLowerCase();
  return BY_NAME[ext] ?? BINARY_BY_EXTENSION[ext] ?? "application/octet-stream";
}
