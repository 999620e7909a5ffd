import { VIRTUAL, workdirOf } from "./paths";

/** Uploads live flat in the conversation workdir's uploads/ folder, under server-generated names. */
export function uploadsDirOf(rootThreadId: string): string {
  return `${workdirOf(rootThreadId)}/uploads`;
}

export function uploadPathOf(rootThreadId: string, storedName: string): string {
  return `${uploadsDirOf(rootThreadId)}/${storedName}`;
}

export type UploadScope =
  | { scope: "all" }
  | { scope: "thread"; rootThreadId: string }
  | { scope: "file"; rootThreadId: string; storedName: string };

/**
 * Which attachment records go with the deletion of a normalised virtual path: every upload
 * (the workspace or projects/ itself), one conversation's, one file's, or none.
 */
export function uploadsAffectedBy(virtual: string): UploadScope | null {
  if (virtual === VIRTUAL.userData || virtual === VIRTUAL.projects) return { scope: "all" };
  if (!virtual.startsWith(`${VIRTUAL.projects}/`)) return null;
  const [rootThreadId, dir, storedName, ...rest] = virtual.slice(VIRTUAL.projects.length + 1).split("/");
  if (dir === undefined) return { scope: "thread", rootThreadId };
  if (dir !== "uploads") return null;
  if (storedName === undefined) return { scope: "thread", rootThreadId };
  return rest.length === 0 ? { scope: "file", rootThreadId, storedName } : null;
}
