import { z } from "zod";
import { route } from "@/lib/http/route";
import { requireRole } from "@/lib/auth/current-user";
import { refuseBearer } from "@/lib/auth/bearer";
import { passwordSchema } from "@/lib/auth/password";
import { createUser, listUsers } from "@/lib/db/users";
import { ROLES } from "@/lib/db/schema";

const NewUserBody = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\p{L}\p{N}._@-]+$/u, "Use letters, digits and . _ @ - only"),
  password: passwordSchema,
  displayName: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  departmentId: z.string().min(1).nullable().optional(),
});

export const GET = route({}, async ({ actor }) => {
  requireRole(actor, "superadmin", "admin");
  return listUsers(actor);
});

export const POST = route({ body: NewUserBody }, async ({ req, actor, body }) => {
  requireRole(actor, "superadmin", "admin");
  refuseBearer(req, "API tokens cannot create users. Sign in to create one.");
  const user = await createUser(actor, body);
  return Response.json(user, { status: 201 });
});
