import { route } from "@/lib/api/route";
import { refuseBearer } from "@/lib/auth/bearer";
import { requireCurrentPassword } from "@/lib/auth/current-password";
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
  await requireCurrentPassword(actor, body.currentPassword, req);
  return changeOwnPassword(actor, body.password, await currentSessionId(req));
});
