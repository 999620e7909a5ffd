import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import { getDb, type Db } from "./client";
import { catalogVersions } from "./schema";

/**
 * The catalog tables every run start reads in full (agents, skills, MCP servers, knowledge
 * bases), kept in memory per process and read again only when their version moved. A statement
 * trigger raises a table's version in the same transaction as any write to it (migration 0013),
 * so this holds whoever writes (an admin route, a seed, another instance, a test's own insert):
 * the version is read before the rows, and rows loaded after a version are at least that new.
 * A run start reads all versions in one statement (`withCatalogSnapshot`) instead of five tables.
 * Cached rows are frozen: they are shared by every reader.
 */
export type CatalogTable = "agents" | "skills" | "mcp_servers" | "knowledge_bases";

type Entry = { version: number; rows: Promise<readonly unknown[]> };
type Versions = Promise<CatalogVersions>;
type Cache = { db: Db; entries: Map<CatalogTable, Entry> };

// On globalThis: Next may bundle this module once per route, and all of them share one cache.
const cacheKey = Symbol.for("meridian.catalogCache");
const scopeKey = Symbol.for("meridian.catalogSnapshot");
type Global = typeof globalThis & {
  [cacheKey]?: Cache;
  [scopeKey]?: AsyncLocalStorage<{ versions?: Versions }>;
};
const g = globalThis as Global;
const scope = (g[scopeKey] ??= new AsyncLocalStorage());

function cacheFor(db: Db): Cache {
  if (g[cacheKey]?.db !== db) g[cacheKey] = { db, entries: new Map() };
  return g[cacheKey]!;
}

async function readVersions(db: Db): Versions {
  const rows = await db.select().from(catalogVersions);
  return new Map(rows.map((r) => [r.name, r.version]));
}

/**
 * Runs `fn` with one reading of the catalog versions shared by every catalog read inside it:
 * `versions` when the caller read them with another statement (catalogVersionsObject), else
 * read at the first catalog read.
 */
export function withCatalogSnapshot<T>(fn: () => Promise<T>, versions?: CatalogVersions): Promise<T> {
  return scope.run(versions ? { versions: Promise.resolve(versions) } : {}, fn);
}

export type CatalogVersions = ReadonlyMap<string, number>;

/** Every table's version as one JSON object, for a statement that reads them along with something else. */
export const catalogVersionsObject = () =>
  sql<Record<
    string,
    number
  > | null>`(select json_object_agg(${catalogVersions.name}, ${catalogVersions.version}) from ${catalogVersions})`;

export const toCatalogVersions = (json: Record<string, number> | null): CatalogVersions =>
  new Map(Object.entries(json ?? {}).map(([name, version]) => [name, Number(version)]));

/** `load(db)`'s rows of `table` as of now: from memory while the table's version is unchanged. */
export async function catalogRows<T>(table: CatalogTable, load: (db: Db) => Promise<T[]>): Promise<readonly T[]> {
  const db = await getDb();
  const snapshot = scope.getStore();
  const versions = snapshot ? (snapshot.versions ??= readVersions(db)) : readVersions(db);
  const version = (await versions).get(table) ?? 0;
  const cache = cacheFor(db);
  const entry = cache.entries.get(table);
  if (entry && entry.version >= version) return entry.rows as Promise<readonly T[]>;
  const fresh: Entry = { version, rows: load(db).then((rows) => deepFreeze(rows)) };
  cache.entries.set(table, fresh);
  fresh.rows.catch(() => {
    if (cache.entries.get(table) === fresh) cache.entries.delete(table);
  });
  return fresh.rows as Promise<readonly T[]>;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
