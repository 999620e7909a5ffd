import { vi } from "vitest";
import { getDb } from "@/lib/db/client";

/** The SQL texts the process's database pool was sent while `fn` ran, and what `fn` returned. */
export async function statementsDuring<T>(fn: () => Promise<T>): Promise<{ sql: string[]; result: T }> {
  // drizzle keeps the pool it queries through on the database object.
  const pool = ((await getDb()) as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = vi.spyOn(pool, "query");
  try {
    const result = await fn();
    const sql = query.mock.calls.map((args) =>
      typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string })?.text ?? ""),
    );
    return { sql, result };
  } finally {
    query.mockRestore();
  }
}
