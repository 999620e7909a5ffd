/** How the panel previews a file, from its name and (server-detected) media type. */
export type PreviewKind =
  | { kind: "markdown" }
  | { kind: "code"; language: string }
  | { kind: "text" }
  | { kind: "image" }
  | { kind: "pdf" }
  | { kind: "none" };

/** Extensions whose highlight.js language name differs from the extension. */
const LANGUAGES: Record<string, string> = {
  ts: "typescript",
  tsx: "typescript",
  mts: "typescript",
  cts: "typescript",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  py: "python",
  rb: "ruby",
  rs: "rust",
  go: "go",
  java: "java",
  kt: "kotlin",
  swift: "swift",
  c: "c",
  h: "c",
  cc: "cpp",
  cpp: "cpp",
  hpp: "cpp",
  cs: "csharp",
  php: "php",
  sh: "bash",
  bash: "bash",
  zsh: "bash",
  json: "json",
  yaml: "yaml",
  yml: "yaml",
  toml: "ini",
  ini: "ini",
  xml: "xml",
  html: "xml",
  svg: "xml",
  css: "css",
  scss: "scss",
  less: "less",
  sql: "sql",
  r: "r",
  lua: "lua",
  pl: "perl",
  diff: "diff",
  patch: "diff",
  makefile: "makefile",
};

const TEXT = new Set(["txt", "log", "csv", "tsv", "env", "conf", "cfg", "rst", "tex", "text"]);
const IMAGES = new Set(["png", "jpg", "jpeg", "gif", "webp", "bmp", "avif", "ico"]);
const TEXT_TYPES = new Set([
  "application/json",
  "application/jsonl",
  "application/xml",
  "application/yaml",
  "application/toml",
  "application/sql",
]);

export function extensionOf(name: string): string {
  const base = name.split("/").pop() ?? name;
  const dot = base.lastIndexOf(".");
  // No dot: the whole name (Makefile); a leading dot: what follows it (.env).
  return dot >= 0 ? base.slice(dot + 1).toLowerCase() : base.toLowerCase();
}

export function previewKindOf(name: string, mediaType = ""): PreviewKind {
  const ext = extensionOf(name);
  if (mediaType === "application/pdf" || ext === "pdf") return { kind: "pdf" };
  // SVG is previewed as source: shown as an image it could carry script into our origin.
  if ((mediaType.startsWith("image/") && mediaType !== "image/svg+xml") || IMAGES.has(ext)) return { kind: "image" };
  if (ext === "md" || ext === "markdown" || mediaType === "text/markdown") return { kind: "markdown" };
  if (LANGUAGES[ext]) return { kind: "code", language: LANGUAGES[ext] };
  if (TEXT.has(ext) || mediaType.startsWith("text/") || TEXT_TYPES.has(mediaType) || /\+(json|xml)$/.test(mediaType))
    return { kind: "text" };
  return { kind: "none" };
}
