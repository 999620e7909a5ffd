import fs from "node:fs/promises";
import path from "node:path";
import { confinedHostPath } from "../confine";
import { StoreConflict, StoreNotFound, type StoreEntry, type WorkspaceStore } from "./types";

const DEFAULT_WALK_LIMIT = 10_000;

/**
 * A workspace in a host directory. Every access goes through confinedHostPath, so `..`,
 * absolute paths and symlinks (including ones the agent planted) never leave `root`.
 */
export function createLocalStore(root: string, opts: { readOnly?: boolean } = {}): WorkspaceStore {
  const readOnly = opts.readOnly ?? false;
  let ready: Promise<unknown> | null = null;
  const ensureRoot = () => (ready ??= fs.mkdir(root, { recursive: true }));

  async function host(rel: string, forWrite = false): Promise<string> {
    await ensureRoot();
    return confinedHostPath(root, rel, { forWrite });
  }

  async function entryAt(rel: string, hostPath: string): Promise<StoreEntry | null> {
    try {
      const st = await fs.stat(hostPath);
      return {
        rel,
        name: rel === "" ? "" : path.posix.basename(rel),
        kind: st.isDirectory() ? "dir" : "file",
        size: st.isDirectory() ? 0 : st.size,
        modifiedAt: st.mtime.toISOString(),
      };
    } catch (err) {
      if (isCode(err, "ENOENT") || isCode(err, "ENOTDIR")) return null;
      throw err;
    }
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
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (err) {
        if (isCode(err, "ENOENT")) throw new StoreNotFound(rel);
        if (isCode(err, "ENOTDIR")) throw new StoreConflict(rel, `Not a directory: ${rel}`);
        throw err;
      }
      const entries: StoreEntry[] = [];
      for (const name of names.sort()) {
        const childRel = rel ? `${rel}/${name}` : name;
        // A symlink leading outside the root is skipped rather than listed.
        const child = await host(childRel).catch(() => null);
        const entry = child ? await entryAt(childRel, child) : null;
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
        await fs.mkdir(path.dirname(file), { recursive: true });
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
        await fs.writeFile(tmp, data, { flag: "wx" });
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

function isCode(err: unknown, code: string): boolean {
  return (err as NodeJS.ErrnoException)?.code === code;
}
