import fs from "node:fs/promises";
import path from "node:path";
import type { Dirent, Stats } from "node:fs";
import { confinedHostPath, RootMissing } from "../confine";
import { StoreConflict, StoreNotFound, type StoreEntry, type WorkspaceStore } from "./types";

const DEFAULT_WALK_LIMIT = 10_000;

/**
 * Each root's real path, made (mkdir) and resolved once per process: every store of a user
 * (one per request or run) would otherwise pay both system calls again. A root removed later
 * is noticed by confinedHostPath (RootMissing) and made again.
 */
const realRoots = new Map<string, Promise<string>>();
const MAX_ROOTS = 10_000;

function realRootOf(root: string): Promise<string> {
  let real = realRoots.get(root);
  if (!real) {
    if (realRoots.size >= MAX_ROOTS) realRoots.clear();
    real = fs.mkdir(root, { recursive: true, mode: 0o700 }).then(() => fs.realpath(root));
    realRoots.set(root, real);
    real.catch(() => realRoots.delete(root));
  }
  return real;
}

/**
 * A workspace in a host directory. Every access goes through confinedHostPath, so `..`,
 * absolute paths and symlinks (including ones the agent planted) never leave `root`.
 */
export function createLocalStore(root: string, opts: { readOnly?: boolean } = {}): WorkspaceStore {
  const readOnly = opts.readOnly ?? false;

  async function host(rel: string, forWrite = false): Promise<string> {
    try {
      return await confinedHostPath(root, rel, { forWrite, realRoot: await realRootOf(root) });
    } catch (err) {
      if (!(err instanceof RootMissing)) throw err;
      // Removed since this process made it: make it again, once.
      realRoots.delete(root);
      return confinedHostPath(root, rel, { forWrite, realRoot: await realRootOf(root) });
    }
  }

  /** A listed entry: a plain entry of a confined directory is inside it; a link is checked like any path. */
  async function childEntry(dirHost: string, childRel: string, dirent: Dirent): Promise<StoreEntry | null> {
    if (!dirent.isSymbolicLink()) {
      const st = await statOrNull(path.join(dirHost, dirent.name), fs.lstat);
      // Replaced by a link since it was listed: checked below.
      if (!st?.isSymbolicLink()) return st && toEntry(childRel, st);
    }
    // A symlink leading outside the root is skipped rather than listed.
    const child = await host(childRel).catch(() => null);
    return child ? entryAt(childRel, child) : null;
  }

  async function entryAt(rel: string, hostPath: string): Promise<StoreEntry | null> {
    const st = await statOrNull(hostPath, fs.stat);
    return st && toEntry(rel, st);
  }

  function refuseWrites(rel: string) {
    if (readOnly) throw new StoreConflict(rel, "This location is read-only.");
  }

  return {
    kind: "local",
    readOnly,
    async stat(rel) {
      return entryAt(rel, await host(rel));
    },
    async list(rel) {
      const dir = await host(rel);
      let dirents: Dirent[];
      try {
        dirents = await fs.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isCode(err, "ENOENT")) throw new StoreNotFound(rel);
        if (isCode(err, "ENOTDIR")) throw new StoreConflict(rel, `Not a directory: ${rel}`);
        throw err;
      }
      const entries: StoreEntry[] = [];
      for (const dirent of dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        const entry = await childEntry(dir, rel ? `${rel}/${dirent.name}` : dirent.name, dirent);
        if (entry) entries.push(entry);
      }
      return entries;
    },
    async walk(rel, limit = DEFAULT_WALK_LIMIT) {
      const out: StoreEntry[] = [];
      const visit = async (dirRel: string): Promise<void> => {
        for (const entry of await this.list(dirRel)) {
          if (out.length >= limit) return;
          if (entry.kind === "dir") await visit(entry.rel);
          else out.push(entry);
        }
      };
      const start = await this.stat(rel);
      if (!start) throw new StoreNotFound(rel);
      if (start.kind === "file") return [start];
      await visit(rel);
      return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
    },
    async read(rel) {
      const file = await host(rel);
      try {
        return await fs.readFile(file);
      } catch (err) {
        if (isCode(err, "ENOENT") || isCode(err, "ENOTDIR")) throw new StoreNotFound(rel);
        if (isCode(err, "EISDIR")) throw new StoreConflict(rel, `Is a directory: ${rel}`);
        throw err;
      }
    },
    async write(rel, data) {
      refuseWrites(rel);
      if (rel === "") throw new StoreConflict(rel, "Cannot write to the workspace root.");
      const file = await host(rel, true);
      const existing = await entryAt(rel, file);
      if (existing?.kind === "dir") throw new StoreConflict(rel, `A directory is in the way: ${rel}`);
      try {
        await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      } catch (err) {
        if (isCode(err, "EEXIST") || isCode(err, "ENOTDIR"))
          throw new StoreConflict(rel, `A file is in the way of ${rel}`);
        throw err;
      }
      // Re-check after mkdir: a parent could have been swapped for a link in between.
      const checked = await host(rel, true);
      // Write to a sibling temp file, then rename: a reader never sees half a file.
      const tmp = `${checked}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
      try {
        await fs.writeFile(tmp, data, { flag: "wx", mode: 0o600 }); // users' files: this process only
        await fs.rename(tmp, checked);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        if (isCode(err, "ENOTDIR")) throw new StoreConflict(rel, `A file is in the way of ${rel}`);
        throw err;
      }
    },
    async remove(rel) {
      refuseWrites(rel);
      if (rel === "") throw new StoreConflict(rel, "Cannot delete the workspace root.");
      const target = await host(rel, true);
      try {
        await fs.lstat(target);
      } catch (err) {
        if (isCode(err, "ENOENT") || isCode(err, "ENOTDIR")) throw new StoreNotFound(rel);
        throw err;
      }
      await fs.rm(target, { recursive: true, force: true });
    },
  };
}

/** `statOf(hostPath)`, or null when nothing is there (a missing path, or a file on the way). */
async function statOrNull(hostPath: string, statOf: typeof fs.stat): Promise<Stats | null> {
  try {
    return await statOf(hostPath);
  } catch (err) {
    if (isCode(err, "ENOENT") || isCode(err, "ENOTDIR")) return null;
    throw err;
  }
}

function toEntry(rel: string, st: Stats): StoreEntry {
  return {
    rel,
    name: rel === "" ? "" : path.posix.basename(rel),
    kind: st.isDirectory() ? "dir" : "file",
    size: st.isDirectory() ? 0 : st.size,
    modifiedAt: st.mtime.toISOString(),
  };
}

function isCode(err: unknown, code: string): boolean {
  return (err as NodeJS.ErrnoException)?.code === code;
}
