import { z } from "zod";
import { route } from "@/lib/http/route";
import { requireRole } from "@/lib/auth/current-user";
import { createDepartment, departmentFields, listDepartments } from "@/lib/db/departments";

export const dynamic = "force-dynamic";

const NewDepartment = z.object({
  name: departmentFields.name,
  description: departmentFields.description.optional(),
});

export const GET = route({}, async ({ actor }) => {
  requireRole(actor, "superadmin", "admin");
  return listDepartments(actor);
});

export const POST = route({ body: NewDepartment }, async ({ actor, body }) => {
  requireRole(actor, "superadmin", "admin");
  return Response.json(await createDepartment(actor, body), { status: 201 });
});
