import path from "node:path";
import type {
  BackendProtocolV2,
  EditResult,
  FileInfo,
  GlobResult,
  GrepMatch,
  GrepResult,
  LsResult,
  ReadRawResult,
  ReadResult,
  WriteResult,
} from "deepagents";
import { VIRTUAL } from "./paths";
import { parseVirtualPath, PathRefused, type ParsedVirtualPath } from "./virtual-path";
import { StoreConflict, StoreNotFound, type StoreEntry, type WorkspaceStore } from "./store/types";
import { QuotaExceeded } from "./store/quota";
import { isTextType, mediaTypeForRead } from "./media-type";
import { withPathLock } from "./path-lock";
import { compileGlob } from "@/lib/patterns/glob";
import { PatternRefused } from "@/lib/patterns/linear-regex";

export class ReadOnlyPath extends Error {
  constructor(readonly virtual: string) {
    super(`${VIRTUAL.skills} is read-only: ${virtual} cannot be changed. Write under ${VIRTUAL.userData}/ instead.`);
    this.name = "ReadOnlyPath";
  }
}

export type VirtualEntry = StoreEntry & { virtual: string };

const GLOB_LIMIT = 1000;
const GREP_FILE_LIMIT = 5000;
const GREP_MAX_FILE_BYTES = 2 * 1024 * 1024;
const DEFAULT_READ_LIMIT = 500;

/** Directories above the mounts, listed so `ls /` shows where the workspace is. */
const VIRTUAL_PARENTS: Record<string, string[]> = {
  "/": ["/home/"],
  "/home": ["/home/gem/"],
  "/home/gem": [`${VIRTUAL.userData}/`, `${VIRTUAL.skills}/`],
};

/**
 * One user's files as the agent sees them: /home/gem/user-data (read-write, the user's store)
 * and /home/gem/skills (read-only projection). Implements deepagents' BackendProtocolV2 for the
 * filesystem tools (errors as readable strings) and a throwing API for routes and tools.
 */
export class WorkspaceBackend implements BackendProtocolV2 {
  constructor(
    private readonly userStore: WorkspaceStore,
    private readonly skillsStore: WorkspaceStore | null = null,
    /** Identifies the user's store across backend instances (per-file write locks). */
    private readonly ownerKey: string = crypto.randomUUID(),
  ) {}

  // ---- throwing API (routes, tools) -------------------------------------------------------

  async stat(virtual: string): Promise<VirtualEntry | null> {
    const p = parseVirtualPath(virtual);
    const store = this.storeFor(p);
    if (!store) return p.rel === "" ? rootEntry(p.virtual) : null;
    const e = await store.stat(p.rel);
    return e ? withVirtual(p, e) : null;
  }

  async list(virtual: string): Promise<VirtualEntry[]> {
    const p = parseVirtualPath(virtual);
    const store = this.storeFor(p);
    if (!store) {
      if (p.rel === "") return [];
      throw new StoreNotFound(p.rel);
    }
    if (p.rel === "" && p.mount === "user-data") {
      const root = await store.stat("");
      if (!root) return [];
    }
    return (await store.list(p.rel)).map((e) => withVirtual(p, e));
  }

  async readBytes(virtual: string): Promise<Buffer> {
    const p = parseVirtualPath(virtual);
    const store = this.storeFor(p);
    if (!store) throw new StoreNotFound(p.rel);
    return store.read(p.rel);
  }

  async writeBytes(virtual: string, data: Uint8Array | string): Promise<void> {
    const p = this.writable(virtual);
    await withPathLock(this.lockKey(p), () => this.userStore.write(p.rel, data));
  }

  /**
   * Read-modify-write of one file under the lock that writes and edit_file take, so nothing
   * written between the read and the write is lost. `change` gets the current bytes (undefined
   * when there is no file) and returns the new content, or undefined to leave the file alone.
   * Returns whether it wrote.
   */
  async update(
    virtual: string,
    change: (current: Buffer | undefined) => Promise<Uint8Array | string | undefined> | Uint8Array | string | undefined,
  ): Promise<boolean> {
    const p = this.writable(virtual);
    return withPathLock(this.lockKey(p), async () => {
      const current = await this.userStore.read(p.rel).catch((err: unknown) => {
        if (err instanceof StoreNotFound) return undefined;
        throw err;
      });
      const next = await change(current);
      if (next === undefined) return false;
      await this.userStore.write(p.rel, next);
      return true;
    });
  }

  async remove(virtual: string): Promise<void> {
    const p = this.writable(virtual);
    if (p.rel === "") throw new StoreConflict("", "The workspace root cannot be deleted.");
    await this.userStore.remove(p.rel);
  }

  // ---- BackendProtocolV2 (filesystem tools) ------------------------------------------------

  async ls(dir: string): Promise<LsResult> {
    const parents = VIRTUAL_PARENTS[trimSlash(dir)];
    if (parents) return { files: parents.map((p) => ({ path: p, is_dir: true })) };
    return attempt(dir, async () => ({ files: (await this.list(dir)).map(toFileInfo) }));
  }

  async read(filePath: string, offset = 0, limit = DEFAULT_READ_LIMIT): Promise<ReadResult> {
    return attempt(filePath, async () => {
      const bytes = await this.readBytes(filePath);
      const mimeType = mediaTypeForRead(filePath, bytes);
      if (!isTextType(mimeType)) {
        if (mimeType.startsWith("image/")) return { content: new Uint8Array(bytes), mimeType };
        return {
          error: `${filePath} is a binary file (${mimeType}, ${bytes.length} bytes) and cannot be shown as text.`,
        };
      }
      const text = bytes.toString("utf8");
      if (text.length === 0) return { content: "System reminder: File exists but has empty contents", mimeType };
      const lines = text.split("\n");
      if (lines.at(-1) === "") lines.pop();
      const start = Math.max(0, Math.floor(offset));
      if (start >= lines.length && lines.length > 0) {
        return { error: `Line offset ${start} is past the end of ${filePath} (${lines.length} lines).` };
      }
      const window = lines.slice(start, start + Math.max(1, Math.floor(limit)));
      // cat -n style: the number and a tab prefix each line (the read_file description says so).
      const content = window.map((line, i) => `${String(start + i + 1).padStart(6)}\t${line}`).join("\n");
      const endLine = start + window.length;
      return {
        content,
        mimeType,
        totalLines: lines.length,
        startLine: start + 1,
        endLine,
        ...(endLine < lines.length ? { nextOffset: endLine } : {}),
      };
    });
  }

  async readRaw(filePath: string): Promise<ReadRawResult> {
    return attempt(filePath, async () => {
      const bytes = await this.readBytes(filePath);
      const mimeType = mediaTypeForRead(filePath, bytes);
      const entry = await this.stat(filePath);
      const at = entry?.modifiedAt ?? new Date().toISOString();
      const content = isTextType(mimeType) ? bytes.toString("utf8") : new Uint8Array(bytes);
      return { data: { content, mimeType, created_at: at, modified_at: at } };
    });
  }

  async write(filePath: string, content: string): Promise<WriteResult> {
    return attempt(filePath, async () => {
      await this.writeBytes(filePath, content);
      return { path: parseVirtualPath(filePath).virtual };
    });
  }

  async edit(filePath: string, oldString: string, newString: string, replaceAll = false): Promise<EditResult> {
    return attempt(filePath, async () => {
      const p = this.writable(filePath);
      // Read, replace and write under the file's lock: concurrent edits apply one after another.
      return withPathLock(this.lockKey(p), async (): Promise<EditResult> => {
        const bytes = await this.userStore.read(p.rel);
        if (!isTextType(mediaTypeForRead(filePath, bytes))) return { error: `${filePath} is not a text file.` };
        const text = bytes.toString("utf8");
        if (oldString === "") return { error: "old_string must not be empty." };
        const occurrences = text.split(oldString).length - 1;
        if (occurrences === 0) return { error: `old_string was not found in ${filePath}.` };
        if (occurrences > 1 && !replaceAll) {
          return {
            error: `old_string occurs ${occurrences} times in ${filePath}; add surrounding context to make it unique, or set replace_all.`,
          };
        }
        await this.userStore.write(p.rel, text.split(oldString).join(newString));
        return { path: p.virtual, occurrences: replaceAll ? occurrences : 1 };
      });
    });
  }

  async glob(pattern: string, base = "/"): Promise<GlobResult> {
    return attempt(base, async () => {
      const isMatch = compileGlob(pattern);
      const files = await this.filesUnder(base, GLOB_LIMIT * 10);
      const absolute = pattern.startsWith("/");
      const baseDir = trimSlash(base) === "" ? "/" : trimSlash(base);
      const matched = files.filter((f) => {
        const candidate = absolute ? f.virtual : path.posix.relative(baseDir, f.virtual);
        return isMatch(candidate);
      });
      return {
        files: matched.slice(0, GLOB_LIMIT).map(toFileInfo),
        ...(matched.length > GLOB_LIMIT ? { truncated: true } : {}),
      };
    });
  }

  async grep(
    pattern: string,
    base?: string | null,
    glob?: string | null,
    maxCount?: number | null,
  ): Promise<GrepResult> {
    return attempt(base, async () => {
      if (!pattern) return { error: "The search pattern is empty." };
      const isMatch = glob ? compileGlob(glob) : null;
      const files = await this.filesUnder(base ?? "/", GREP_FILE_LIMIT);
      const matches: GrepMatch[] = [];
      const cap = maxCount ?? Number.POSITIVE_INFINITY;
      for (const f of files) {
        if (isMatch && !isMatch(f.name) && !isMatch(f.virtual)) continue;
        if (f.size > GREP_MAX_FILE_BYTES) continue;
        const bytes = await this.readBytes(f.virtual);
        if (!isTextType(mediaTypeForRead(f.virtual, bytes))) continue;
        const lines = bytes.toString("utf8").split("\n");
        for (let i = 0; i < lines.length; i++) {
          if (!lines[i].includes(pattern)) continue;
          if (matches.length >= cap) return { matches, truncated: true };
          matches.push({ path: f.virtual, line: i + 1, text: lines[i] });
        }
      }
      return { matches };
    });
  }

  async delete(filePath: string) {
    return attempt(filePath, async () => {
      await this.remove(filePath);
      return { path: parseVirtualPath(filePath).virtual };
    });
  }

  // ---- internals ---------------------------------------------------------------------------

  private storeFor(p: ParsedVirtualPath): WorkspaceStore | null {
    return p.mount === "user-data" ? this.userStore : this.skillsStore;
  }

  private lockKey(p: ParsedVirtualPath): string {
    return `${this.ownerKey}:${p.rel}`;
  }

  private writable(virtual: string): ParsedVirtualPath {
    const p = parseVirtualPath(virtual);
    if (p.mount !== "user-data") throw new ReadOnlyPath(p.virtual);
    return p;
  }

  /** Every file below a virtual directory (or the whole workspace from `/`), bounded. */
  private async filesUnder(base: string, limit: number): Promise<VirtualEntry[]> {
    const key = trimSlash(base);
    const roots = VIRTUAL_PARENTS[key] !== undefined ? [VIRTUAL.userData, VIRTUAL.skills] : [base];
    const out: VirtualEntry[] = [];
    for (const root of roots) {
      const p = parseVirtualPath(root);
      const store = this.storeFor(p);
      if (!store) continue;
      const start = await store.stat(p.rel);
      if (!start) {
        if (roots.length > 1) continue;
        throw new StoreNotFound(p.rel);
      }
      for (const e of await store.walk(p.rel, limit - out.length)) out.push(withVirtual({ ...p, rel: "" }, e));
      if (out.length >= limit) break;
    }
    return out;
  }
}

function withVirtual(p: ParsedVirtualPath, e: StoreEntry): VirtualEntry {
  const mountRoot = p.mount === "user-data" ? VIRTUAL.userData : VIRTUAL.skills;
  return { ...e, virtual: e.rel ? `${mountRoot}/${e.rel}` : mountRoot };
}

function rootEntry(virtual: string): VirtualEntry {
  return { rel: "", name: "", kind: "dir", size: 0, modifiedAt: new Date(0).toISOString(), virtual };
}

function toFileInfo(e: VirtualEntry): FileInfo {
  return e.kind === "dir"
    ? { path: `${e.virtual}/`, is_dir: true, modified_at: e.modifiedAt }
    : { path: e.virtual, is_dir: false, size: e.size, modified_at: e.modifiedAt };
}

function trimSlash(p: string): string {
  const t = p.replace(/\/+$/, "");
  return t === "" ? "/" : t;
}

/** Runs a backend operation, turning refusals and storage errors into readable tool errors. */
async function attempt<T>(target: string | null | undefined, op: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await op();
  } catch (err) {
    return { error: describeFsError(err, target ?? "/") };
  }
}

export function describeFsError(err: unknown, target: string): string {
  if (err instanceof PatternRefused) return `The glob was refused: ${err.message}.`;
  if (
    err instanceof PathRefused ||
    err instanceof ReadOnlyPath ||
    err instanceof StoreConflict ||
    err instanceof QuotaExceeded
  )
    return err.message;
  if (err instanceof StoreNotFound) return `No such file or directory: ${target}`;
  console.error("[workspace] unexpected storage error:", err);
  return "The file operation failed because of a storage error.";
}
