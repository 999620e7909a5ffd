import { sql } from "drizzle-orm";
import { getDb } from "./client";

/** The health check's round trip: throws when the database cannot be reached. */
export async function pingDatabase(): Promise<void> {
  const db = await getDb();
  await db.execute(sql`select 1`);
}
