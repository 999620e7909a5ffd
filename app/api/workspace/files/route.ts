import { z } from "zod";
import { route } from "@/lib/api/route";
import { ApiError } from "@/lib/errors/api-error";
import { VIRTUAL } from "@/lib/workspace/paths";
import { openWorkspace } from "@/lib/workspace/open";
import { resolveClientPath } from "@/lib/files/client-path";
import { readPath } from "@/lib/files/read-path";
import { deletePath } from "@/lib/files/delete-path";
import { entryJson } from "@/lib/files/listing";
import { readRequestFile, uploadMaxBytes } from "@/lib/files/request-file";
import { withFileErrors } from "@/lib/files/fs-errors";

export const dynamic = "force-dynamic";

/** `path`: virtual absolute under /home/gem/user-data (or /home/gem/skills to read), or relative to user-data. */
const resolve = (path: string | undefined) =>
  resolveClientPath(path, VIRTUAL.userData, [VIRTUAL.userData, VIRTUAL.skills]);
const inSkills = (virtual: string) => virtual === VIRTUAL.skills || virtual.startsWith(`${VIRTUAL.skills}/`);

const getQuery = z.object({ path: z.string().max(4096).optional(), download: z.enum(["0", "1"]).optional() });

/** A folder's listing {path, entries} or a file's bytes, from the actor's personal workspace. */
export const GET = route({ query: getQuery }, async ({ actor, query }) => {
  const virtual = resolve(query.path);
  const root = inSkills(virtual) ? VIRTUAL.skills : VIRTUAL.userData;
  return readPath(openWorkspace(actor.id), virtual, { root, download: query.download === "1" });
});

const pathQuery = z.object({ path: z.string().min(1).max(4096) });

/** Writes a file (raw body or multipart `file`), creating its folders -> the file's entry. */
export const PUT = route({ query: pathQuery }, async ({ actor, query, req }) => {
  const virtual = resolve(query.path);
  if (virtual === VIRTUAL.userData)
    throw new ApiError("bad_request:path", "Name a file inside the workspace, not the workspace itself.");
  // Refused before the body is read.
  if (inSkills(virtual)) throw new ApiError("forbidden:path", `${VIRTUAL.skills} is read-only.`);
  const workspace = openWorkspace(actor.id);
  const name = virtual.slice(virtual.lastIndexOf("/") + 1);
  return withFileErrors(async () => {
    const file = await readRequestFile(req, { maxBytes: uploadMaxBytes(), rawName: name });
    await workspace.writeBytes(virtual, file.bytes);
    const entry = await workspace.stat(virtual);
    if (!entry) throw new ApiError("internal:file", "The file was written but cannot be found.");
    return entryJson(entry);
  });
});

/** Deletes a file or folder of the workspace (never the workspace itself, never skills). */
export const DELETE = route({ query: pathQuery }, async ({ actor, query }) => {
  await deletePath(actor, openWorkspace(actor.id), resolve(query.path), VIRTUAL.userData);
});
