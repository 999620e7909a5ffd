import { z } from "zod";
import { route } from "@/lib/api/route";
import { requireRole } from "@/lib/auth/current-user";
import { refuseBearer } from "@/lib/auth/bearer";
import { requireCurrentPassword } from "@/lib/auth/current-password";
import { userPatchSchema } from "@/lib/auth/user-schemas";
import { currentSessionId } from "@/lib/auth/session-id";
import { updateUser } from "@/lib/db/user-admin";
import { deleteUserEverywhere } from "@/lib/runs/delete-user";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1).max(100) });

export const PATCH = route({ params: Params, body: userPatchSchema }, async ({ req, actor, params, body }) => {
  requireRole(actor, "superadmin", "admin");
  const { currentPassword, ...change } = body;
  if (change.password === undefined) return updateUser(actor, params.id, change);
  refuseBearer(req, "API tokens cannot change passwords. Sign in to change one.");
  const own = params.id === actor.id;
  if (own) await requireCurrentPassword(actor, currentPassword, req);
  return updateUser(actor, params.id, change, { keepSessionId: own ? await currentSessionId(req) : null });
});

export const DELETE = route({ params: Params }, async ({ actor, params }) => {
  requireRole(actor, "superadmin", "admin");
  await deleteUserEverywhere(actor, params.id);
});
