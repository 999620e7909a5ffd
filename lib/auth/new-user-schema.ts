import { z } from "zod";
import { passwordSchema } from "./password-rules";
import { ROLES } from "./roles";

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
