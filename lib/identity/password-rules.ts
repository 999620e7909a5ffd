import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt reads only the first 72 bytes of a password. */
const PASSWORD_MAX_BYTES = 72;

/**
 * What a new password must be, checked the same way in the browser and on the server (no
 * bcrypt here, so forms can import it): longer ones would silently share a hash.
 */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine((p) => new TextEncoder().encode(p).length <= PASSWORD_MAX_BYTES, {
    message: `Password must be at most ${PASSWORD_MAX_BYTES} bytes`,
    params: { i18n: "passwordTooLong" },
  });
