import { z } from "zod";

/** Department bodies: checked by the routes and, before sending, by the department dialog. */

export const DEPARTMENT_NAME_MAX = 80;
export const DEPARTMENT_DESCRIPTION_MAX = 500;

const departmentFields = {
  name: z.string().trim().min(1).max(DEPARTMENT_NAME_MAX),
  description: z.string().trim().max(DEPARTMENT_DESCRIPTION_MAX),
};

export const newDepartmentSchema = z.object({
  name: departmentFields.name,
  description: departmentFields.description.optional(),
});

export const departmentPatchSchema = z
  .object({
    name: departmentFields.name.optional(),
    description: departmentFields.description.optional(),
  })
  .refine((patch) => patch.name !== undefined || patch.description !== undefined, "Send a name or a description");
