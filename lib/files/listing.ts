import type { VirtualEntry, WorkspaceBackend } from "@/lib/workspace/backend";
import type { AttachmentRow } from "@/lib/db/attachments";
import { mediaTypeByName } from "@/lib/workspace/media-type";
import { uploadPathOf } from "@/lib/workspace/upload-path";

/** One row of a directory listing (API: GET .../files?path=<dir>). */
export type FileEntryJson = {
  name: string;
  /** Virtual absolute path. */
  path: string;
  kind: "file" | "dir";
  size: number;
  modifiedAt: string;
  /** Files only: the sniffed type for uploads, else a guess from the name (absent when unknown). */
  mediaType?: string;
  /** Uploads only: the name the file had on the user's machine. */
  originalName?: string;
};

export type DirectoryListingJson = { path: string; entries: FileEntryJson[] };

export function entryJson(e: VirtualEntry, upload?: AttachmentRow): FileEntryJson {
  const entry: FileEntryJson = { name: e.name, path: e.virtual, kind: e.kind, size: e.size, modifiedAt: e.modifiedAt };
  if (e.kind === "file") {
    const mediaType = upload?.mediaType ?? mediaTypeByName(e.name);
    if (mediaType) entry.mediaType = mediaType;
    if (upload) entry.originalName = upload.originalName;
  }
  return entry;
}

/** Directories first, then files, each by name; uploads annotated from their records. */
export async function listDirectory(
  workspace: WorkspaceBackend,
  virtual: string,
  uploads: { rootThreadId: string; rows: AttachmentRow[] } | null = null,
): Promise<DirectoryListingJson> {
  const byPath = new Map(uploads?.rows.map((r) => [uploadPathOf(uploads.rootThreadId, r.storedName), r]) ?? []);
  const entries = (await workspace.list(virtual))
    .map((e) => entryJson(e, byPath.get(e.virtual)))
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "dir" ? -1 : 1));
  return { path: virtual, entries };
}
