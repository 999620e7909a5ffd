import { formatBytes } from "@/lib/i18n/format-bytes";
import type { WorkspaceStore } from "./types";

const DEFAULT_WORKSPACE_QUOTA_BYTES = 1024 * 1024 * 1024;

/** WORKSPACE_QUOTA_BYTES (a positive integer), else 1 GiB: what one user's workspace may hold. */
export function workspaceQuotaBytes(): number {
  const n = Number(process.env.WORKSPACE_QUOTA_BYTES);
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_WORKSPACE_QUOTA_BYTES;
}

/** A write that would take the workspace past its quota. The message is shown to users and to the model. */
export class QuotaExceeded extends Error {
  constructor(
    readonly usedBytes: number,
    readonly quotaBytes: number,
    readonly addedBytes: number,
  ) {
    super(
      `Workspace quota exceeded: ${formatBytes(usedBytes)} used of ${formatBytes(quotaBytes)}, ${formatBytes(Math.max(0, quotaBytes - usedBytes))} free; this write needs ${formatBytes(addedBytes)}. ` +
        "Delete files that are no longer needed from the workspace, then try again.",
    );
    this.name = "QuotaExceeded";
  }
}

type Usage = { bytes: number };
type UsageCache = Map<string, Promise<Usage>>;

// On globalThis: Next bundles routes separately, and every bundle must see the same figures.
const cacheKey = Symbol.for("meridian.workspaceUsage");
function usageCache(): UsageCache {
  const holder = globalThis as typeof globalThis & { [cacheKey]?: UsageCache };
  return (holder[cacheKey] ??= new Map());
}

/** Forgets every cached figure (tests; the next write of each user counts again). */
export function resetWorkspaceUsage(): void {
  usageCache().clear();
}

/**
 * `store` with a size quota on writes. Usage is counted once per workspace and process, lazily on
 * the first write (one walk), then kept up to date by each write's and delete's difference: a
 * write costs one extra stat, never a walk of the workspace. The figure is per process: writes
 * made by other app instances on shared object storage are seen after a restart, so there the
 * quota is a bound per instance rather than an exact global one.
 */
export function withQuota(store: WorkspaceStore, opts: { key: string; quotaBytes: number }): WorkspaceStore {
  const { key, quotaBytes } = opts;
  const cache = usageCache();

  function usage(): Promise<Usage> {
    let pending = cache.get(key);
    if (!pending) {
      pending = store
        .walk("", Number.POSITIVE_INFINITY)
        .then((files) => ({ bytes: files.reduce((sum, f) => sum + f.size, 0) }));
      // A failed count is not kept: the next write counts again.
      pending.catch(() => cache.delete(key));
      cache.set(key, pending);
    }
    return pending;
  }

  /** Bytes held at `rel` (a file, or every file below a directory). */
  async function bytesAt(rel: string): Promise<number> {
    const entry = await store.stat(rel);
    if (!entry) return 0;
    if (entry.kind === "file") return entry.size;
    return (await store.walk(rel, Number.POSITIVE_INFINITY)).reduce((sum, f) => sum + f.size, 0);
  }

  return {
    kind: store.kind,
    readOnly: store.readOnly,
    stat: (rel) => store.stat(rel),
    list: (rel) => store.list(rel),
    walk: (rel, limit) => store.walk(rel, limit),
    read: (rel) => store.read(rel),
    async write(rel, data) {
      const size = typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
      const used = await usage();
      const existing = await store.stat(rel);
      const delta = size - (existing?.kind === "file" ? existing.size : 0);
      if (delta > 0 && used.bytes + delta > quotaBytes) throw new QuotaExceeded(used.bytes, quotaBytes, delta);
      // Reserved before the write (no await between check and reserve), so parallel writes cannot overshoot.
      used.bytes += delta;
      try {
        await store.write(rel, data);
      } catch (err) {
        used.bytes -= delta;
        throw err;
      }
    },
    async remove(rel) {
      const pending = cache.get(key);
      if (!pending) return store.remove(rel); // not counted yet: the first count will see the result
      const used = await pending;
      const freed = await bytesAt(rel);
      await store.remove(rel);
      used.bytes = Math.max(0, used.bytes - freed);
    },
  };
}
