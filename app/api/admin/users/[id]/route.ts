import { z } from "zod";
import { route } from "@/lib/http/route";
import { requireRole } from "@/lib/auth/current-user";
import { passwordSchema } from "@/lib/auth/password";
import { updateUser } from "@/lib/db/user-admin";
import { deleteUserEverywhere } from "@/lib/runs/delete-user";
import { ROLES } from "@/lib/db/schema";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1).max(100) });

const UserPatch = z
  .object({
    displayName: z.string().trim().max(100).optional(),
    role: z.enum(ROLES).optional(),
    departmentId: z.string().min(1).max(100).nullable().optional(),
    disabled: z.boolean().optional(),
    password: passwordSchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), "Send at least one field to change");

export const PATCH = route({ params: Params, body: UserPatch }, async ({ actor, params, body }) => {
  requireRole(actor, "superadmin", "admin");
  return updateUser(actor, params.id, body);
});

export const DELETE = route({ params: Params }, async ({ actor, params }) => {
  requireRole(actor, "superadmin", "admin");
  await deleteUserEverywhere(actor, params.id);
});
