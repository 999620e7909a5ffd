import bcrypt from "bcryptjs";
import { z } from "zod";

export const BCRYPT_COST = 10;
export const PASSWORD_MIN_LENGTH = 8;

/** bcrypt reads only the first 72 bytes, so longer passwords would silently share a hash. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine((p) => !bcrypt.truncates(p), "Password must be at most 72 bytes");

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** Spends the time of one real check, so an unknown username answers as slowly as a wrong password. */
export async function verifyDecoyPassword(password: string): Promise<false> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(password, await decoyHash);
  return false;
}
