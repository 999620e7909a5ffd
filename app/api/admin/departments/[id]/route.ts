import { z } from "zod";
import { route } from "@/lib/api/route";
import { requireRole } from "@/lib/auth/current-user";
import { deleteDepartment, updateDepartment } from "@/lib/db/departments";
import { departmentPatchSchema } from "@/lib/auth/department-schemas";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1).max(100) });

export const PATCH = route({ params: Params, body: departmentPatchSchema }, async ({ actor, params, body }) => {
  requireRole(actor, "superadmin", "admin");
  return updateDepartment(actor, params.id, body);
});

export const DELETE = route({ params: Params }, async ({ actor, params }) => {
  requireRole(actor, "superadmin", "admin");
  await deleteDepartment(actor, params.id);
});
