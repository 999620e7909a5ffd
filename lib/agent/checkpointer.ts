import type pg from "pg";
import { getDatabase } from "@/lib/db/client";
import { BatchedPostgresSaver } from "@/lib/db/checkpoint-saver";

/** LangGraph checkpoints live in the app's own database (PGlite or PostgreSQL), through the one pool,
 * each checkpoint and each task's writes in one statement (lib/db/checkpoint-saver.ts). */
const savers = new WeakMap<pg.Pool, Promise<BatchedPostgresSaver>>();

export async function getCheckpointer(): Promise<BatchedPostgresSaver> {
  const { pool, schemaLock } = await getDatabase();
  let saver = savers.get(pool);
  if (!saver) {
    saver = (async () => {
      const s = new BatchedPostgresSaver(pool);
      await schemaLock(() => s.setup()); // instances starting together would race on its tables
      return s;
    })();
    savers.set(pool, saver);
  }
  return saver;
}
