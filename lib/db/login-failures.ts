import { and, eq, lt, sql } from "drizzle-orm";
import { getDb } from "./client";
import { loginFailures } from "./schema";

/** 5 consecutive failed sign-ins of one username from one address lock that pair for 5 minutes. */
const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MS = 5 * 60 * 1000;
/** A pair with no attempt for a day is forgotten. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * `reserved`: the attempt is already counted as a failure (a success clears it); `lockedNow` when
 * it reached the threshold. `locked`: refused before any password check.
 */
export type LoginReservation = { kind: "reserved"; lockedNow: boolean } | { kind: "locked" };

/** Lower-cased by the database, as usernames are compared (lib/db/users.ts). */
const keyOf = (username: unknown) => sql`lower(${username})`;

/**
 * Reserves one sign-in attempt of `username` from `address` in a single statement: counts it as a
 * failure up front and sets the lock when it reaches the threshold, only while the pair is not
 * locked. Parallel attempts are serialised by the row lock, so at most LOCKOUT_THRESHOLD of them
 * ever reach the password check; a lock that has run out starts a fresh count. Usernames that do
 * not exist are counted the same way, so the answers never tell which ones do.
 */
export async function reserveLoginAttempt(
  username: string,
  address: string,
  now = new Date(),
): Promise<LoginReservation> {
  const db = await getDb();
  const lockEnd = new Date(now.getTime() + LOCKOUT_MS);
  const lockExpired = sql`(${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${now})`;
  const failures = sql`(case when ${lockExpired} then 1 else ${loginFailures.failures} + 1 end)`;
  const [row] = await db
    .insert(loginFailures)
    .values({
      login: keyOf(username),
      address,
      failures: 1,
      lockedUntil: LOCKOUT_THRESHOLD <= 1 ? lockEnd : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [loginFailures.login, loginFailures.address],
      set: {
        failures: sql`${failures}`,
        lockedUntil: sql`case when ${failures} >= ${LOCKOUT_THRESHOLD} then ${lockEnd}::timestamptz else null end`,
        updatedAt: now,
      },
      setWhere: sql`(${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} <= ${now})`,
    })
    .returning({ lockedUntil: loginFailures.lockedUntil });
  if (Math.random() < 0.01) await forgetOldLoginFailures(now);
  return row ? { kind: "reserved", lockedNow: row.lockedUntil !== null } : { kind: "locked" };
}

/** After a successful sign-in from `address`, or (no address) when an admin resets the password. */
export async function clearLoginFailures(username: string, address?: string): Promise<void> {
  const db = await getDb();
  const login = eq(loginFailures.login, keyOf(username));
  await db.delete(loginFailures).where(address === undefined ? login : and(login, eq(loginFailures.address, address)));
}

/** The latest lock end of a username from any address, while one lasts (for the admin's view). */
export function activeLockEnd(username: unknown) {
  return sql<Date | null>`(select max(${loginFailures.lockedUntil}) from ${loginFailures} where ${loginFailures.login} = ${keyOf(username)} and ${loginFailures.lockedUntil} > now())`.mapWith(
    loginFailures.lockedUntil,
  );
}

export async function forgetOldLoginFailures(now = new Date()): Promise<number> {
  const db = await getDb();
  const gone = await db
    .delete(loginFailures)
    .where(lt(loginFailures.updatedAt, new Date(now.getTime() - FORGET_AFTER_MS)))
    .returning({ login: loginFailures.login });
  return gone.length;
}
