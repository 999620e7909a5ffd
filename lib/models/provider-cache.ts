import type { Db } from "@/lib/db/client";

/**
 * The in-process cache behind listActiveProviders (lib/models/providers.ts). Kept on
 * globalThis: Next may bundle a module once per route, and an admin route's invalidation
 * must reach the chat route's copy.
 */
export const PROVIDER_CACHE_TTL_MS = 3_000;

type Entry<T> = { db: Db; at: number; value: Promise<T> };
const cacheKey = Symbol.for("meridian.providerCache");
const store = globalThis as typeof globalThis & { [cacheKey]?: Entry<unknown> | null };

/** Called after every write to the providers table, so this process sees it at once. */
export function invalidateProviderCache(): void {
  store[cacheKey] = null;
}

/** `load(db)` once per database and TTL; a failed load is not kept. */
export function cachedProviders<T>(db: Db, load: (db: Db) => Promise<T>): Promise<T> {
  const entry = store[cacheKey] as Entry<T> | null | undefined;
  if (entry && entry.db === db && Date.now() - entry.at <= PROVIDER_CACHE_TTL_MS) return entry.value;
  const fresh: Entry<T> = { db, at: Date.now(), value: load(db) };
  fresh.value.catch(() => {
    if (store[cacheKey] === fresh) store[cacheKey] = null;
  });
  store[cacheKey] = fresh;
  return fresh.value;
}
