import { findUserForLogin, recordFailedLogin, resetFailedLogins, type UserView } from "@/lib/db/users";
import { verifyDecoyPassword, verifyPassword } from "./password";

export type LoginFailure = "invalid_credentials" | "account_locked";

export type LoginResult =
  | { ok: true; user: UserView }
  | { ok: false; code: LoginFailure; lockedUntil?: Date };

/**
 * Checks a username and password with lockout: while an account is locked even the right
 * password fails; the failure that reaches the threshold already answers "locked".
 * Unknown, disabled and wrong all answer the same, after the same bcrypt work.
 */
export async function checkLogin(username: string, password: string, now = new Date()): Promise<LoginResult> {
  const user = await findUserForLogin(username);
  if (!user) {
    await verifyDecoyPassword(password);
    return { ok: false, code: "invalid_credentials" };
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    return { ok: false, code: "account_locked", lockedUntil: user.lockedUntil };
  }
  const matches = await verifyPassword(password, user.passwordHash);
  if (!matches) {
    const lockedUntil = await recordFailedLogin(user.id, now);
    return lockedUntil
      ? { ok: false, code: "account_locked", lockedUntil }
      : { ok: false, code: "invalid_credentials" };
  }
  if (user.disabled) return { ok: false, code: "invalid_credentials" };
  await resetFailedLogins(user.id);
  const { passwordHash: _hash, failedLogins: _failures, ...view } = user;
  return { ok: true, user: view };
}
