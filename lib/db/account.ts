import crypto from "node:crypto";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { getDb } from "./client";
import { departments, sessions, users } from "./schema";
import { endCredentialsAfterPasswordChange } from "./user-admin";
import { ApiError } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/identity/actor";
import { hashPassword } from "@/lib/identity/password";

/** The signed-in person's own account: profile, password and sign-ins. Every call acts on `actor` only. */

export type Account = {
  id: string;
  username: string;
  displayName: string;
  role: Actor["role"];
  department: { id: string; name: string } | null;
  createdAt: Date;
};

/** One sign-in as its owner sees it. `id` is a digest: the real session id is a bearer secret. */
export type AccountSession = {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  expiresAt: Date;
  current: boolean;
};

/** The public id of a session: 16 bytes of its SHA-256, so listing sessions never shows the secret. */
export function publicSessionId(sessionId: string): string {
  return crypto.createHash("sha256").update(sessionId).digest("base64url").slice(0, 22);
}

export async function getAccount(actor: Actor): Promise<Account> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      role: users.role,
      departmentId: departments.id,
      departmentName: departments.name,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(eq(users.id, actor.id))
    .limit(1);
  if (!row) throw new ApiError("unauthorized:auth", "Sign in to continue.");
  const { departmentId, departmentName, ...rest } = row;
  return {
    ...rest,
    department: departmentId && departmentName !== null ? { id: departmentId, name: departmentName } : null,
  };
}

export async function updateDisplayName(actor: Actor, displayName: string): Promise<Account> {
  const db = await getDb();
  await db.update(users).set({ displayName, updatedAt: new Date() }).where(eq(users.id, actor.id));
  return getAccount(actor);
}

/**
 * Sets a new password (the caller has checked the current one), clears the lockout and ends every
 * other way in: all sessions but `keepSessionId` and every API token, in one transaction.
 * Returns how many sessions and tokens were ended.
 */
export async function changeOwnPassword(
  actor: Actor,
  password: string,
  keepSessionId: string | null,
): Promise<{ sessionsEnded: number; tokensRevoked: number }> {
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.id));
    return endCredentialsAfterPasswordChange(tx, actor.id, keepSessionId);
  });
}

/** The actor's unexpired sign-ins, newest first, the one making this request marked `current`. */
export async function listOwnSessions(actor: Actor, currentSessionId: string | null, now = new Date()) {
  const db = await getDb();
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt));
  return rows.map((row): AccountSession => ({
    ...row,
    id: publicSessionId(row.id),
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the actor's sessions by its public id; another user's session is "not found". */
export async function revokeOwnSession(actor: Actor, publicId: string): Promise<void> {
  const db = await getDb();
  const own = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, actor.id));
  const target = own.find((s) => publicSessionId(s.id) === publicId);
  if (!target) throw new ApiError("not_found:session", "This session does not exist or has already ended.");
  await db.delete(sessions).where(and(eq(sessions.id, target.id), eq(sessions.userId, actor.id)));
}

/** "Sign out everywhere else": ends every session of the actor but `keepSessionId`. Returns how many. */
export async function revokeOtherSessions(actor: Actor, keepSessionId: string | null): Promise<number> {
  const db = await getDb();
  const keep = keepSessionId ? ne(sessions.id, keepSessionId) : undefined;
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, actor.id), keep))
    .returning({ id: sessions.id });
  return ended.length;
}
