import path from "node:path";

/** Text files by extension; anything else that is text is text/plain. */
export const TEXT_BY_EXTENSION: Record<string, string> = {
  txt: "text/plain",
  log: "text/plain",
  ini: "text/plain",
  cfg: "text/plain",
  conf: "text/plain",
  env: "text/plain",
  md: "text/markdown",
  markdown: "text/markdown",
  rst: "text/x-rst",
  tex: "text/x-tex",
  csv: "text/csv",
  tsv: "text/tab-separated-values",
  json: "application/json",
  jsonl: "application/jsonl",
  ndjson: "application/jsonl",
  geojson: "application/geo+json",
  xml: "application/xml",
  yaml: "application/yaml",
  yml: "application/yaml",
  toml: "application/toml",
  html: "text/html",
  htm: "text/html",
  svg: "image/svg+xml",
  css: "text/css",
  js: "text/javascript",
  mjs: "text/javascript",
  cjs: "text/javascript",
  jsx: "text/javascript",
  ts: "text/x-typescript",
  tsx: "text/x-typescript",
  py: "text/x-python",
  ipynb: "application/x-ipynb+json",
  java: "text/x-java",
  kt: "text/x-kotlin",
  go: "text/x-go",
  rs: "text/x-rust",
  rb: "text/x-ruby",
  php: "text/x-php",
  c: "text/x-c",
  h: "text/x-c",
  cpp: "text/x-c++",
  hpp: "text/x-c++",
  cs: "text/x-csharp",
  swift: "text/x-swift",
  sh: "text/x-shellscript",
  bash: "text/x-shellscript",
  ps1: "text/plain",
  bat: "text/plain",
  sql: "application/sql",
  r: "text/x-r",
  lua: "text/x-lua",
  pl: "text/x-perl",
  scala: "text/x-scala",
  vue: "text/plain",
  svelte: "text/plain",
  srt: "text/plain",
  vtt: "text/vtt",
  ics: "text/calendar",
  bib: "text/x-bibtex",
};

/** Binary types a name suggests (listings); the bytes decide when the file is read. */
export const BINARY_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  zip: "application/zip",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  opus: "audio/ogg; codecs=opus",
  m4a: "audio/mp4",
  aac: "audio/aac",
  flac: "audio/flac",
  mp4: "video/mp4",
  m4v: "video/x-m4v",
  webm: "video/webm",
  mov: "video/quicktime",
  mkv: "video/matroska",
};

/** Images a multimodal model can be shown by read_file. */
export const MODEL_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

function extension(name: string): string {
  return path.posix.extname(name).slice(1).toLowerCase();
}

/** Media type a name suggests, without reading the file (listings, artifact cards); undefined when unknown. */
export function mediaTypeByName(name: string): string | undefined {
  const ext = extension(name);
  return TEXT_BY_EXTENSION[ext] ?? BINARY_BY_EXTENSION[ext];
}

/** The image type the bytes themselves declare (PNG, JPEG, GIF, WebP), else null. */
function imageTypeOfBytes(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP") return "image/webp";
  return null;
}

/**
 * Media type for reading a workspace file. Images are believed only when their bytes say so
 * (a text file named x.png is text: a fake image must not reach the model as one); other
 * known binary extensions count as binary; otherwise a NUL in the first 8 KiB means binary,
 * else text. Uploads are checked more strictly by magic bytes (lib/files/sniff.ts).
 */
export function mediaTypeForRead(virtualPath: string, bytes: Uint8Array): string {
  const image = imageTypeOfBytes(bytes);
  if (image) return image;
  const byExt = BINARY_BY_EXTENSION[extension(virtualPath)];
  if (byExt && !byExt.startsWith("image/")) return byExt;
  return bytes.subarray(0, 8192).includes(0) ? "application/octet-stream" : "text/plain";
}

export function isTextType(mediaType: string): boolean {
  return mediaType.startsWith("text/") || mediaType === "application/json";
}
