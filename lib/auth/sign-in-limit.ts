import { clientAddress } from "@/lib/http/client-address";
import { memoryRateLimiter, type RateDecision, type RateLimiter } from "./rate-limit";

/**
 * Sign-in attempts per client address and in total, per minute (env SIGNIN_RATE_LIMIT_PER_ADDRESS,
 * SIGNIN_RATE_LIMIT_GLOBAL). A token is taken before the password check and given back when the
 * sign-in succeeds: the budgets meter guessing, so many colleagues behind one office address
 * signing in correctly never run them down. The global budget also caps bcrypt work under attack.
 */
export const DEFAULT_PER_ADDRESS_PER_MINUTE = 10;
export const DEFAULT_GLOBAL_PER_MINUTE = 300;
const GLOBAL_KEY = "*";

function perMinute(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.warn(`[auth] ${name}=${raw} is not a positive whole number; using ${fallback}`);
    return fallback;
  }
  return n;
}

type Limiters = { perAddress: RateLimiter; global: RateLimiter };
const holder = globalThis as { __meridianSignInLimiters?: Limiters };

/** Built once per process from the environment (kept on globalThis: route bundles share it). */
function limiters(): Limiters {
  return (holder.__meridianSignInLimiters ??= {
    perAddress: memoryRateLimiter({
      perMinute: perMinute("SIGNIN_RATE_LIMIT_PER_ADDRESS", DEFAULT_PER_ADDRESS_PER_MINUTE),
    }),
    global: memoryRateLimiter({ perMinute: perMinute("SIGNIN_RATE_LIMIT_GLOBAL", DEFAULT_GLOBAL_PER_MINUTE) }),
  });
}

/** For tests: the next call reads the environment again. */
export function resetSignInLimiters(): void {
  delete holder.__meridianSignInLimiters;
}

export async function takeSignInAttempt(req: Request, now?: number): Promise<RateDecision> {
  const { perAddress, global } = limiters();
  const address = clientAddress(req.headers);
  const own = await perAddress.take(address, now);
  if (!own.allowed) return own;
  const all = await global.take(GLOBAL_KEY, now);
  if (!all.allowed) await perAddress.refund(address, now);
  return all;
}

/** After a successful sign-in: the attempt does not count against either budget. */
export async function refundSignInAttempt(req: Request, now?: number): Promise<void> {
  const { perAddress, global } = limiters();
  await Promise.all([perAddress.refund(clientAddress(req.headers), now), global.refund(GLOBAL_KEY, now)]);
}
