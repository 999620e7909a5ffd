export type FilePathProblem = "empty" | "outside" | "exists";

/**
 * Why a new file's path cannot be used: empty, leaving the skill folder (absolute, `..`,
 * backslashes, empty segments), or taken. The server checks the same again.
 */
export function newFileProblem(path: string, existing: string[]): FilePathProblem | null {
  const trimmed = path.trim();
  if (!trimmed) return "empty";
  if (trimmed.startsWith("/") || trimmed.includes("\\") || trimmed.includes("\0")) return "outside";
  if (trimmed.split("/").some((segment) => segment === "" || segment === "." || segment === "..")) return "outside";
  if (existing.includes(trimmed)) return "exists";
  return null;
}
