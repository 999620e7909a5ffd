/**
 * Storage behind one user's /home/gem/user-data (or a read-only skills projection).
 * Every `rel` is a relative POSIX path already validated by `parseVirtualPath` ("" = the root).
 * Implementations re-check confinement themselves (local: realpath/symlinks; s3: key prefix).
 */
export type StoreEntry = {
  /** Relative POSIX path from the store root, no leading slash. */
  rel: string;
  name: string;
  kind: "file" | "dir";
  /** Bytes for files, 0 for directories. */
  size: number;
  /** ISO timestamp (directories in object storage: the newest object below, or now). */
  modifiedAt: string;
};

export class StoreNotFound extends Error {
  constructor(readonly rel: string) {
    super(`No such file or directory: ${rel || "/"}`);
    this.name = "StoreNotFound";
  }
}

export class StoreConflict extends Error {
  constructor(
    readonly rel: string,
    reason: string,
  ) {
    super(reason);
    this.name = "StoreConflict";
  }
}

export interface WorkspaceStore {
  readonly kind: "local" | "s3" | "memory";
  readonly readOnly: boolean;
  /** The entry at `rel`, or null when nothing is there. The root ("") is always a directory. */
  stat(rel: string): Promise<StoreEntry | null>;
  /** Direct children of a directory, sorted by name. Throws StoreNotFound for a missing directory. */
  list(rel: string): Promise<StoreEntry[]>;
  /** Every file below `rel` (recursive), at most `limit` (default 10,000), sorted by rel. */
  walk(rel: string, limit?: number): Promise<StoreEntry[]>;
  /** Whole file. Throws StoreNotFound (also for a directory: StoreConflict). */
  read(rel: string): Promise<Buffer>;
  /** Creates parents; overwrites a file; StoreConflict when `rel` or a parent is a file/dir in the way. */
  write(rel: string, data: Uint8Array | string): Promise<void>;
  /** Removes a file or a directory recursively. Throws StoreNotFound when missing. */
  remove(rel: string): Promise<void>;
}
