import { z } from "zod";
import { route } from "@/lib/http/route";
import { requireRole } from "@/lib/auth/current-user";
import { deleteDepartment, departmentFields, updateDepartment } from "@/lib/db/departments";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1).max(100) });

const DepartmentPatch = z
  .object({
    name: departmentFields.name.optional(),
    description: departmentFields.description.optional(),
  })
  .refine((patch) => patch.name !== undefined || patch.description !== undefined, "Send a name or a description");

export const PATCH = route({ params: Params, body: DepartmentPatch }, async ({ actor, params, body }) => {
  requireRole(actor, "superadmin", "admin");
  return updateDepartment(actor, params.id, body);
});

export const DELETE = route({ params: Params }, async ({ actor, params }) => {
  requireRole(actor, "superadmin", "admin");
  await deleteDepartment(actor, params.id);
});
