/**
 * A positive whole number from the environment, or `fallback`: unset or empty gives the fallback
 * quietly, a value that is not a positive whole number gives it with a warning naming the
 * variable. Every limit documented in the README reads its variable through this.
 */
export function positiveIntFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) {
    console.warn(`[limits] ${name}=${raw} is not a positive whole number; using ${fallback}`);
    return fallback;
  }
  return n;
}
