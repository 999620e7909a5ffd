import { z } from "zod";
import { route } from "@/lib/api/route";
import { listThreadAttachments } from "@/lib/db/attachments";
import { openWorkspace } from "@/lib/workspace/open";
import { resolveClientPath } from "@/lib/files/client-path";
import { readPath } from "@/lib/files/read-path";
import { deletePath } from "@/lib/files/delete-path";
import { requireWorkdir, threadIdParams } from "@/lib/files/thread-workdir";

export const dynamic = "force-dynamic";

/** `path`: virtual absolute inside the conversation's workdir, or relative to it (default: the workdir). */
const query = z.object({ path: z.string().max(4096).optional(), download: z.enum(["0", "1"]).optional() });

/** A folder's listing {path, entries} or a file's bytes, from the conversation's workdir only. */
export const GET = route({ params: threadIdParams, query }, async ({ actor, params, query }) => {
  const { rootThreadId, workdir } = await requireWorkdir(actor, params.id);
  const virtual = resolveClientPath(query.path, workdir);
  const rows = await listThreadAttachments(actor, rootThreadId);
  return readPath(openWorkspace(actor.id), virtual, {
    root: workdir,
    download: query.download === "1",
    uploads: { rootThreadId, rows },
  });
});

const deleteQuery = z.object({ path: z.string().min(1).max(4096) });

/** Deletes a file or folder inside the workdir (not the workdir itself); uploads lose their records too. */
export const DELETE = route({ params: threadIdParams, query: deleteQuery }, async ({ actor, params, query }) => {
  const { workdir } = await requireWorkdir(actor, params.id);
  await deletePath(actor, openWorkspace(actor.id), resolveClientPath(query.path, workdir), workdir);
});
