import { and, eq, ne, sql } from "drizzle-orm";
import { userView } from "./user-view";
import { getDb, type Db } from "./client";
import { apiTokens, loginFailures, sessions, threads, users } from "./schema";
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from "./pg-errors";
import {
  checkUserChange,
  checkUserDeletion,
  userInReach,
  type UserChange,
  type UserTarget,
} from "@/lib/identity/user-rules";
import type { UserView } from "./users";
import { ApiError } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/identity/actor";
import { hashPassword } from "@/lib/identity/password";

/** Changing and deleting accounts under the role rules of user-rules.ts. */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const notFound = () => new ApiError("not_found:user", "This user does not exist.");

/** Locks the row for the rest of the transaction; 404 when it is gone or outside the actor's reach. */
async function lockTargetInReach(tx: Tx, actor: Actor, id: string): Promise<UserTarget> {
  const [target] = await tx
    .select({ id: users.id, role: users.role, departmentId: users.departmentId })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  if (!target || !userInReach(actor, target)) throw notFound();
  return target;
}

/** Ends every way the user is signed in: cookie sessions and API tokens. */
async function revokeCredentials(tx: Tx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
}

/**
 * After a new password: every session of the user but `keepSessionId` and every API token end,
 * so whoever held the old password or a token made with it is out, and every lockout of the
 * account is lifted. Returns how many sessions and tokens ended.
 */
export async function endCredentialsAfterPasswordChange(
  tx: Tx,
  userId: string,
  keepSessionId: string | null,
): Promise<{ sessionsEnded: number; tokensRevoked: number }> {
  const keep = keepSessionId ? ne(sessions.id, keepSessionId) : undefined;
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep))
    .returning({ id: sessions.id });
  const revoked = await tx.delete(apiTokens).where(eq(apiTokens.userId, userId)).returning({ id: apiTokens.id });
  // Guesses at the old password no longer matter: every address's lock on the account is lifted.
  await tx
    .delete(loginFailures)
    .where(eq(loginFailures.login, sql`(select lower(${users.username}) from ${users} where ${users.id} = ${userId})`));
  return { sessionsEnded: ended.length, tokensRevoked: revoked.length };
}

/**
 * Applies `change` if the role rules allow it. Disabling revokes sessions and tokens at once. A
 * new password clears the lockout and revokes every API token and every session of the user but
 * `opts.keepSessionId` (the actor's current one, when they change their own): whoever held the
 * old password or a token made with it is out.
 */
export async function updateUser(
  actor: Actor,
  id: string,
  change: UserChange,
  opts: { keepSessionId?: string | null } = {},
): Promise<UserView> {
  const passwordHash = change.password ? await hashPassword(change.password) : undefined;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await lockTargetInReach(tx, actor, id);
    checkUserChange(actor, target, change);
    const { displayName, role, departmentId, disabled } = change;
    const set = {
      displayName,
      role,
      departmentId,
      disabled,
      ...(passwordHash && { passwordHash }),
      updatedAt: new Date(),
    };
    const [row] = await tx
      .update(users)
      .set(set)
      .where(eq(users.id, id))
      .returning(userView)
      .catch((err: unknown) => {
        if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) {
          throw new ApiError("bad_request:user", `Department "${departmentId}" does not exist.`);
        }
        throw err;
      });
    if (disabled) await revokeCredentials(tx, id);
    else if (passwordHash) {
      await endCredentialsAfterPasswordChange(tx, id, id === actor.id ? (opts.keepSessionId ?? null) : null);
    }
    return row!;
  });
}

/** The threads a deletion would remove, after checking the actor may delete the account. */
export async function threadsOfDeletableUser(actor: Actor, id: string): Promise<string[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await lockTargetInReach(tx, actor, id);
    checkUserDeletion(actor, target);
    const rows = await tx.select({ id: threads.id }).from(threads).where(eq(threads.userId, id));
    return rows.map((r) => r.id);
  });
}

/**
 * Deletes the account; its sessions, tokens, threads, messages and runs go with it (foreign keys
 * cascade). Returns the ids of the deleted threads so their checkpoints can be removed too.
 */
export async function deleteUser(actor: Actor, id: string): Promise<string[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await lockTargetInReach(tx, actor, id);
    checkUserDeletion(actor, target);
    const owned = await tx.select({ id: threads.id }).from(threads).where(eq(threads.userId, id));
    await revokeCredentials(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    return owned.map((t) => t.id);
  });
}
