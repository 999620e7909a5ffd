import type { Db } from "./client";

const byDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database instance: drizzle otherwise turns the query builder into SQL
 * text on every call (for the chat start's three statements about 2 % of a 50-chat burst's CPU).
 * `build` gets the database and returns `select(…).where(eq(col, sql.placeholder("x"))).prepare("")`:
 * values come as placeholders at execute time. The empty name keeps the statement unnamed on
 * PostgreSQL (a transaction-mode pooler keeps no named statements); the PGlite bridge names it
 * by its text as it does every statement (prepared-names.ts).
 */
export function preparedQuery<T>(db: Db, key: string, build: (db: Db) => T): T {
  let queries = byDb.get(db);
  if (!queries) byDb.set(db, (queries = new Map()));
  let query = queries.get(key) as T | undefined;
  if (query === undefined) queries.set(key, (query = build(db)));
  return query;
}
