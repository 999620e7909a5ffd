import fs from "node:fs/promises";
import path from "node:path";
import { PathRefused } from "./virtual-path";

/**
 * Host path of `rel` inside `root`, guaranteed not to leave it: the deepest existing ancestor
 * is resolved with realpath (so a symlink planted anywhere on the way, even by the agent, is
 * followed and checked), and for writes the target itself must not be a symlink.
 */
export async function confinedHostPath(
  root: string,
  rel: string,
  opts: {
    forWrite?: boolean;
    /** `root`'s real path, when the caller already resolved it (local stores keep it per process). */
    realRoot?: string;
  } = {},
): Promise<string> {
  const realRoot = opts.realRoot ?? (await fs.realpath(root));
  const target = path.resolve(realRoot, rel);
  if (!isInside(realRoot, target)) throw new PathRefused(rel, "outside the workspace");
  let probe = target;
  const missing: string[] = [];
  for (;;) {
    try {
      const st = await fs.lstat(probe);
      if (probe === target && st.isSymbolicLink() && opts.forWrite) {
        throw new PathRefused(rel, "writing through a symbolic link is not allowed");
      }
      break;
    } catch (err) {
      if (err instanceof PathRefused) throw err;
      // ENOTDIR: a file stands where a directory is named; keep walking up to what exists.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw err;
      // The root itself is gone (removed since its real path was resolved): the caller's to handle.
      if (probe === realRoot) throw new RootMissing(root);
      missing.unshift(path.basename(probe));
      probe = path.dirname(probe);
    }
  }
  // The root is its own real path: only a path below it can lead elsewhere.
  const realExisting = probe === realRoot ? realRoot : await fs.realpath(probe);
  if (!isInside(realRoot, realExisting)) throw new PathRefused(rel, "a symbolic link points outside the workspace");
  return path.join(realExisting, ...missing);
}

/** The workspace root does not exist (any more). */
export class RootMissing extends Error {
  readonly code = "ENOENT";
  constructor(root: string) {
    super(`ENOENT: the workspace root ${root} does not exist`);
  }
}

export function isInside(root: string, candidate: string): boolean {
  const r = path.relative(root, candidate);
  // "..notes" is a legitimate name inside; only ".." itself or "../…" leaves the root.
  return r === "" || (r !== ".." && !r.startsWith(`..${path.sep}`) && !path.isAbsolute(r));
}
