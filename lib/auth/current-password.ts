import { ApiError } from "@/lib/errors/api-error";
import { clientAddress } from "@/lib/http/client-address";
import type { Actor } from "@/lib/identity/actor";
import { checkLogin } from "./login";
import { CURRENT_PASSWORD_MISSING } from "./user-schemas";

const WRONG = "The current password is not right.";

/**
 * Before one's own password changes: someone holding only a signed-in browser must not be able
 * to take the account over, so the current password is checked like a sign-in (it counts towards
 * the lockout). Missing or wrong is said on the `currentPassword` field; locked answers 429.
 */
export async function requireCurrentPassword(
  actor: Actor,
  currentPassword: string | undefined,
  req: Request,
): Promise<void> {
  const { message, params } = CURRENT_PASSWORD_MISSING;
  if (!currentPassword) {
    throw new ApiError("bad_request:password", message, {}, [
      { path: "currentPassword", code: "custom", message, key: params.i18n },
    ]);
  }
  const result = await checkLogin(actor.username, currentPassword, clientAddress(req.headers));
  if (result.ok) return;
  if (result.code === "account_locked") {
    throw new ApiError("rate_limited:auth", "Too many failed attempts. Try again in 5 minutes.");
  }
  throw new ApiError("forbidden:password", WRONG, {}, [
    { path: "currentPassword", code: "custom", message: WRONG, key: "currentPasswordWrong" },
  ]);
}
