import { reserveLoginAttempt, resetFailedLogins, type UserView } from "@/lib/db/users";
import { verifyDecoyPassword, verifyPassword } from "./password";
import { reserveUnknownLogin } from "./unknown-user-lockout";

export type LoginFailure = "invalid_credentials" | "account_locked";

export type LoginResult = { ok: true; user: UserView } | { ok: false; code: LoginFailure; lockedUntil?: Date };

/**
 * Checks a username and password with lockout. The attempt is reserved (counted as a failure)
 * before the password check, atomically, so a burst of parallel guesses cannot all slip past the
 * lock; a success then undoes the count. While locked even the right password fails, and the
 * failure that reaches the threshold already answers "locked". Unknown usernames go through the
 * same steps (lock included); unknown, disabled and wrong answer the same after the same bcrypt work.
 */
export async function checkLogin(username: string, password: string, now = new Date()): Promise<LoginResult> {
  const reservation = await reserveLoginAttempt(username, now);
  if (reservation.kind === "unknown") {
    const unknown = await reserveUnknownLogin(username, now);
    if (unknown === "locked") return { ok: false, code: "account_locked" };
    await verifyDecoyPassword(password);
    return { ok: false, code: unknown === "reserved_and_locked" ? "account_locked" : "invalid_credentials" };
  }
  if (reservation.kind === "locked") return { ok: false, code: "account_locked" };
  const { account } = reservation;
  const matches = await verifyPassword(password, account.passwordHash);
  if (!matches || account.disabled) {
    return account.lockedUntil
      ? { ok: false, code: "account_locked", lockedUntil: account.lockedUntil }
      : { ok: false, code: "invalid_credentials" };
  }
  await resetFailedLogins(account.id);
  const { passwordHash: _hash, failedLogins: _failures, ...view } = account;
  return { ok: true, user: { ...view, lockedUntil: null } };
}
