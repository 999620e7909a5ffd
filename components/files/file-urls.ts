import type { FileScope } from "./types";

/** Where a scope's files live: the thread's workdir route or the personal workspace route. */
function base(scope: FileScope, threadId: string): string {
  return scope === "workdir" ? `/api/threads/${encodeURIComponent(threadId)}/files` : "/api/workspace/files";
}

/** Listing of a directory (the scope's root when `path` is omitted) or a file's inline bytes. */
export function filesUrl(scope: FileScope, threadId: string, path?: string): string {
  return path ? `${base(scope, threadId)}?path=${encodeURIComponent(path)}` : base(scope, threadId);
}

/** The same file as an attachment (Content-Disposition: attachment). */
export function downloadUrl(scope: FileScope, threadId: string, path: string): string {
  return `${filesUrl(scope, threadId, path)}&download=1`;
}

export function uploadsUrl(threadId: string): string {
  return `/api/threads/${encodeURIComponent(threadId)}/uploads`;
}

/** The virtual path of `name` inside the directory `dir`. */
export function childPath(dir: string, name: string): string {
  return `${dir.replace(/\/+$/, "")}/${name}`;
}
