import type { Actor } from "@/lib/identity/actor";
import { deleteAttachmentsIn } from "@/lib/db/attachments";
import { ApiError } from "@/lib/errors/api-error";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { withFileErrors } from "./fs-errors";
import { uploadsAffectedBy } from "@/lib/workspace/upload-path";

/** DELETE of a files route: a file or a folder (recursively) below `root`, with the records of uploads in it. */
export async function deletePath(
  actor: Actor,
  workspace: WorkspaceBackend,
  virtual: string,
  root: string,
): Promise<void> {
  if (virtual === root)
    throw new ApiError("bad_request:path", `${root} itself cannot be deleted; delete what is inside it.`);
  await withFileErrors(() => workspace.remove(virtual));
  const affected = uploadsAffectedBy(virtual);
  if (affected) await deleteAttachmentsIn(actor, affected);
}
