import { z } from "zod";
import { passwordSchema } from "@/lib/identity/password-rules";

/** The bodies of the account routes, checked the same way by the profile page before it sends. */

/** An empty display name means "show my username". */
export const AccountPatch = z.object({ displayName: z.string().trim().max(100) });

export const PasswordChange = z.object({
  currentPassword: z.string().min(1).max(1024),
  password: passwordSchema,
});
