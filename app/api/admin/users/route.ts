import { route } from "@/lib/api/route";
import { requireRole } from "@/lib/auth/current-user";
import { refuseBearer } from "@/lib/auth/bearer";
import { newUserSchema } from "@/lib/auth/user-schemas";
import { createUser, listUsers } from "@/lib/db/users";

export const GET = route({}, async ({ actor }) => {
  requireRole(actor, "superadmin", "admin");
  return listUsers(actor);
});

export const POST = route({ body: newUserSchema }, async ({ req, actor, body }) => {
  requireRole(actor, "superadmin", "admin");
  refuseBearer(req, "API tokens cannot create users. Sign in to create one.");
  const user = await createUser(actor, body);
  return Response.json(user, { status: 201 });
});
