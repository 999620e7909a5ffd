import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "./client";
import { kbDocuments, type KbDocumentStatus } from "./kb-schema";
import { users } from "./schema";

type Executor = Pick<Awaited<ReturnType<typeof getDb>>, "select">;

/** What counts toward the knowledge-base quotas (lib/kb/quota.ts). */
export type KbUsage = {
  /** Uploaded bytes of every document the user uploaded, in any knowledge base. */
  userBytes: number;
  /** Uploaded bytes of every document in the knowledge base, whoever uploaded them. */
  kbBytes: number;
  /** The user's documents not yet indexed nor failed: ingestion work still queued. */
  userQueued: number;
};

const WAITING: KbDocumentStatus[] = ["uploaded", "parsing", "parsed", "indexing"];

export async function kbUsage(userId: string, kbId: string, executor?: Executor): Promise<KbUsage> {
  const db = executor ?? (await getDb());
  const [row] = await db
    .select({
      userBytes: sql<number>`coalesce((select sum(${kbDocuments.size}) from ${kbDocuments} where ${kbDocuments.uploadedBy} = ${userId}), 0)::float8`,
      kbBytes: sql<number>`coalesce((select sum(${kbDocuments.size}) from ${kbDocuments} where ${kbDocuments.kbId} = ${kbId}), 0)::float8`,
      userQueued: sql<number>`(select count(*) from ${kbDocuments} where ${and(
        eq(kbDocuments.uploadedBy, userId),
        inArray(kbDocuments.status, WAITING),
      )})::int`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return { userBytes: 0, kbBytes: 0, userQueued: 0 };
  return { userBytes: Number(row.userBytes), kbBytes: Number(row.kbBytes), userQueued: Number(row.userQueued) };
}
