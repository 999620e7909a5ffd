import crypto from "node:crypto";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { actorColumns } from "./user-view";
import { getDb } from "./client";
import { preparedQuery } from "./prepared-query";
import { sessions, users } from "./schema";
import type { Actor } from "@/lib/identity/actor";

/** A sign-in lasts 24 hours from the moment it was made; it does not slide. */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

export type ValidSession = { id: string; expiresAt: Date; user: Actor };

/** Records a sign-in of `userId` and returns its random, unguessable id (32 bytes). */
export async function createSession(
  userId: string,
  opts: { userAgent?: string | null; now?: Date } = {},
): Promise<{ id: string; expiresAt: Date }> {
  const db = await getDb();
  const now = opts.now ?? new Date();
  const id = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await db.insert(sessions).values({ id, userId, expiresAt, userAgent: opts.userAgent?.slice(0, 512) ?? null });
  return { id, expiresAt };
}

/** The session and its user, or null when it was revoked, has expired or the user is disabled. */
export async function getValidSession(id: string, now = new Date()): Promise<ValidSession | null> {
  const db = await getDb();
  const [row] = await preparedQuery(db, "validSession", (db) =>
    db
      .select({
        id: sessions.id,
        expiresAt: sessions.expiresAt,
        user: actorColumns,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder("id")),
          gt(sessions.expiresAt, sql.placeholder("now")),
          eq(users.disabled, false),
        ),
      )
      .limit(1)
      .prepare(""),
  ).execute({ id, now: now.toISOString() });
  return row ?? null;
}

/** Revokes one session (sign-out). Returns whether it existed. */
export async function deleteSession(id: string): Promise<boolean> {
  const db = await getDb();
  const deleted = await db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Removes every expired session; returns how many. */
export async function deleteExpiredSessions(now = new Date()): Promise<number> {
  const db = await getDb();
  const result = await db.delete(sessions).where(lte(sessions.expiresAt, now));
  return result.rowCount ?? 0;
}
