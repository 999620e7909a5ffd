import { z } from "zod";
import { route } from "@/lib/http/route";
import { ApiError } from "@/lib/http/errors";
import { requireRole } from "@/lib/auth/current-user";
import { refuseBearer } from "@/lib/auth/bearer";
import { checkLogin } from "@/lib/auth/login";
import { passwordSchema } from "@/lib/auth/password";
import { currentSessionId } from "@/lib/auth/session-id";
import { updateUser } from "@/lib/db/user-admin";
import { deleteUserEverywhere } from "@/lib/runs/delete-user";
import { ROLES } from "@/lib/db/schema";
import type { Actor } from "@/lib/auth/actor";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1).max(100) });

const UserPatch = z
  .object({
    displayName: z.string().trim().max(100).optional(),
    role: z.enum(ROLES).optional(),
    departmentId: z.string().min(1).max(100).nullable().optional(),
    disabled: z.boolean().optional(),
    password: passwordSchema.optional(),
    /** Required with `password` when it is the actor's own. */
    currentPassword: z.string().min(1).max(1024).optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), "Send at least one field to change");

/**
 * Someone holding only a signed-in browser must not be able to take the account over: the old
 * password is checked like a sign-in (it counts towards the lockout).
 */
async function requireCurrentPassword(actor: Actor, currentPassword: string | undefined): Promise<void> {
  if (!currentPassword) throw new ApiError("bad_request:password", "Enter your current password to set a new one.");
  const result = await checkLogin(actor.username, currentPassword);
  if (result.ok) return;
  throw new ApiError(
    "forbidden:password",
    result.code === "account_locked"
      ? "Too many failed attempts. Your account is locked for 5 minutes."
      : "The current password is not right.",
  );
}

export const PATCH = route({ params: Params, body: UserPatch }, async ({ req, actor, params, body }) => {
  requireRole(actor, "superadmin", "admin");
  const { currentPassword, ...change } = body;
  if (change.password === undefined) return updateUser(actor, params.id, change);
  refuseBearer(req, "API tokens cannot change passwords. Sign in to change one.");
  const own = params.id === actor.id;
  if (own) await requireCurrentPassword(actor, currentPassword);
  return updateUser(actor, params.id, change, { keepSessionId: own ? await currentSessionId(req) : null });
});

export const DELETE = route({ params: Params }, async ({ actor, params }) => {
  requireRole(actor, "superadmin", "admin");
  await deleteUserEverywhere(actor, params.id);
});
