import { z } from "zod";

/** `POST /api/tokens`: checked by the route and, before sending, by the new-token dialog. */
export const TOKEN_NAME_MAX = 100;

export const newTokenSchema = z.object({
  name: z.string().trim().min(1).max(TOKEN_NAME_MAX),
  expiresInDays: z.number().int().min(1).max(3650).nullable().optional(),
});
