import bcrypt from "bcryptjs";

export const BCRYPT_COST = 10;
export { passwordSchema } from "./password-rules";

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
