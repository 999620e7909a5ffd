import type { WorkspaceBackend } from "@/lib/workspace/backend";
import type { AttachmentRow } from "@/lib/db/attachments";
import { ApiError } from "@/lib/errors/api-error";
import { listDirectory, type DirectoryListingJson } from "./listing";
import { fileResponse } from "./serve";
import { sniffFile } from "./sniff";
import { withFileErrors } from "./fs-errors";
import { uploadPathOf } from "@/lib/workspace/upload-path";

export type ReadPathOptions = {
  /** The scope's root: listed (empty) even before anything was written into it. */
  root: string;
  download: boolean;
  uploads?: { rootThreadId: string; rows: AttachmentRow[] } | null;
};

/** GET of a files route: a directory's listing as JSON, or a file's bytes (see fileResponse). */
export async function readPath(
  workspace: WorkspaceBackend,
  virtual: string,
  opts: ReadPathOptions,
): Promise<DirectoryListingJson | Response> {
  return withFileErrors(async () => {
    const entry = await workspace.stat(virtual);
    if (!entry) {
      if (virtual === opts.root) return { path: virtual, entries: [] };
      throw new ApiError("not_found:file", "This file or folder does not exist.");
    }
    if (entry.kind === "dir") return listDirectory(workspace, virtual, opts.uploads);
    const bytes = await workspace.readBytes(virtual);
    const upload = opts.uploads?.rows.find((r) => uploadPathOf(opts.uploads!.rootThreadId, r.storedName) === virtual);
    const name = upload?.originalName ?? entry.name;
    return fileResponse(bytes, { name, sniffed: await sniffFile(bytes, name), download: opts.download });
  });
}
