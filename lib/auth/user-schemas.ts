import { z } from "zod";
import { passwordSchema } from "@/lib/identity/password-rules";
import { ROLES } from "@/lib/identity/roles";

export const USERNAME_MAX = 64;
export const DISPLAY_NAME_MAX = 100;

/** `POST /api/admin/users`: checked by the route and, before sending, by the create-user form. */
export const newUserSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(USERNAME_MAX)
    .refine((name) => /^[\p{L}\p{N}._@-]+$/u.test(name), {
      message: "Use letters, digits and . _ @ - only",
      params: { i18n: "usernameChars" },
    }),
  password: passwordSchema,
  displayName: z.string().trim().max(DISPLAY_NAME_MAX).optional(),
  role: z.enum(ROLES).optional(),
  departmentId: z.string().min(1).nullable().optional(),
});

/** `PATCH /api/admin/users/:id`: checked by the route and, before sending, by the edit-user form. */
export const userPatchSchema = z
  .object({
    displayName: z.string().trim().max(DISPLAY_NAME_MAX).optional(),
    role: z.enum(ROLES).optional(),
    departmentId: z.string().min(1).max(100).nullable().optional(),
    disabled: z.boolean().optional(),
    password: passwordSchema.optional(),
    /** Required with `password` when it is the actor's own. */
    currentPassword: z.string().min(1).max(1024).optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), "Send at least one field to change");

/** What the route says when one's own new password comes without the current one. */
export const CURRENT_PASSWORD_MISSING = {
  message: "Enter your current password to set a new one.",
  params: { i18n: "currentPasswordMissing" },
  path: ["currentPassword"],
};
