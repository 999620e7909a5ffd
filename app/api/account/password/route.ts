import { route } from "@/lib/http/route";
import { ApiError } from "@/lib/http/errors";
import { refuseBearer } from "@/lib/auth/bearer";
import { checkLogin } from "@/lib/auth/login";
import { PasswordChange } from "@/lib/auth/account-schemas";
import { currentSessionId } from "@/lib/auth/session-id";
import { changeOwnPassword } from "@/lib/db/account";

export const dynamic = "force-dynamic";

/**
 * Changes the signed-in person's password. The current one is checked like a sign-in (it counts
 * towards the lockout), so a borrowed browser cannot take the account over; this session stays,
 * every other session and every API token ends.
 */
export const POST = route({ body: PasswordChange }, async ({ req, actor, body }) => {
  refuseBearer(req, "API tokens cannot change passwords. Sign in to change one.");
  const check = await checkLogin(actor.username, body.currentPassword);
  if (!check.ok) {
    throw check.code === "account_locked"
      ? new ApiError("rate_limited:auth", "Too many failed attempts. Your account is locked for 5 minutes.")
      : new ApiError("forbidden:password", "The current password is not right.", {}, [
          {
            path: "currentPassword",
            code: "custom",
            message: "The current password is not right.",
            key: "currentPasswordWrong",
          },
        ]);
  }
  return changeOwnPassword(actor, body.password, await currentSessionId(req));
});
