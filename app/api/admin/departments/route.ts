import { route } from "@/lib/api/route";
import { requireRole } from "@/lib/auth/current-user";
import { createDepartment, listDepartments } from "@/lib/db/departments";
import { newDepartmentSchema } from "@/lib/auth/department-schemas";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ actor }) => {
  requireRole(actor, "superadmin", "admin");
  return listDepartments(actor);
});

export const POST = route({ body: newDepartmentSchema }, async ({ actor, body }) => {
  requireRole(actor, "superadmin", "admin");
  return Response.json(await createDepartment(actor, body), { status: 201 });
});
