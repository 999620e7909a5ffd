/** Paths of files inside a skill folder: relative, forward slashes, never leaving the folder. */
const SKILL_PATH_MAX = 512;
const SEGMENT_MAX_BYTES = 255;

/** Why `rel` cannot name a file inside a skill, or null when it can. */
export function skillPathProblem(rel: string): string | null {
  if (rel.length === 0) return "has an empty name";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f]/.test(rel)) return "contains control characters (such as NUL)";
  if (rel.includes("\\")) return "uses backslashes; only forward slashes separate folders";
  if (rel.startsWith("/") || /^[A-Za-z]:/.test(rel)) return "is an absolute path";
  const segments = rel.split("/");
  if (segments.includes("..")) return "points outside the skill folder (..)";
  if (segments.some((s) => s === "" || s === ".")) return "is not a clean relative path (empty or '.' parts)";
  if (rel.length > SKILL_PATH_MAX) return `is longer than ${SKILL_PATH_MAX} characters`;
  if (segments.some((s) => Buffer.byteLength(s) > SEGMENT_MAX_BYTES))
    return `has a name longer than ${SEGMENT_MAX_BYTES} bytes`;
  return null;
}

/** Folder noise some zip tools add; skipped rather than stored. */
export function isArchiveNoise(rel: string): boolean {
  return rel === "__MACOSX" || rel.startsWith("__MACOSX/") || rel.split("/").pop() === ".DS_Store";
}
