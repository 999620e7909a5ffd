import { findUserForLogin, type UserView } from "@/lib/db/users";
import { clearLoginFailures, reserveLoginAttempt } from "@/lib/db/login-failures";
import { verifyDecoyPassword, verifyPassword } from "@/lib/identity/password";

export type LoginFailure = "invalid_credentials" | "account_locked";

export type LoginResult = { ok: true; user: UserView } | { ok: false; code: LoginFailure };

/**
 * Checks a username and password with lockout per (username, client address): guesses from one
 * address lock that address out, never the owner signing in from another (the sign-in budgets in
 * sign-in-limit.ts cap guessing from many addresses). The attempt is reserved (counted as a
 * failure) before the password check, atomically, so a burst of parallel guesses cannot all slip
 * past the lock; a success then clears the count. While locked even the right password fails, and
 * the failure that reaches the threshold already answers "locked". Unknown usernames go through
 * the same steps; unknown, disabled and wrong answer the same after the same bcrypt work.
 */
export async function checkLogin(
  username: string,
  password: string,
  address: string,
  now = new Date(),
): Promise<LoginResult> {
  const reservation = await reserveLoginAttempt(username, address, now);
  if (reservation.kind === "locked") return { ok: false, code: "account_locked" };
  const account = await findUserForLogin(username);
  const matches = account ? await verifyPassword(password, account.passwordHash) : await verifyDecoyPassword(password);
  if (!account || !matches || account.disabled)
    return { ok: false, code: reservation.lockedNow ? "account_locked" : "invalid_credentials" };
  await clearLoginFailures(username, address);
  const { passwordHash: _hash, ...view } = account;
  return { ok: true, user: view };
}
