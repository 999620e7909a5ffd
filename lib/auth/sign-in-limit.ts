import { clientAddress } from "@/lib/http/client-address";
import type { RateDecision, RateLimiter } from "./rate-limit";
import { sharedRateLimiter } from "./shared-rate-limit";
import { positiveIntFromEnv } from "@/lib/config/env-number";

/**
 * Sign-in attempts per client address and in total, per minute (env SIGNIN_RATE_LIMIT_PER_ADDRESS,
 * SIGNIN_RATE_LIMIT_GLOBAL). A token is taken before the password check and given back when the
 * sign-in succeeds: the budgets meter guessing, so many colleagues behind one office address
 * signing in correctly never run them down. The global budget also caps bcrypt work under attack,
 * and guessing from many addresses (the lockout is per username and address, login.ts). With
 * REDIS_URL the budgets are shared by every instance (shared-rate-limit.ts).
 */
const DEFAULT_PER_ADDRESS_PER_MINUTE = 10;
const DEFAULT_GLOBAL_PER_MINUTE = 300;
const GLOBAL_KEY = "*";

type Limiters = { perAddress: RateLimiter; global: RateLimiter };
const holder = globalThis as { __meridianSignInLimiters?: Limiters };

/** Built once per process from the environment (kept on globalThis: route bundles share it). */
function limiters(): Limiters {
  return (holder.__meridianSignInLimiters ??= {
    perAddress: sharedRateLimiter({
      perMinute: positiveIntFromEnv("SIGNIN_RATE_LIMIT_PER_ADDRESS", DEFAULT_PER_ADDRESS_PER_MINUTE),
      prefix: "meridian:signin:addr",
    }),
    global: sharedRateLimiter({
      perMinute: positiveIntFromEnv("SIGNIN_RATE_LIMIT_GLOBAL", DEFAULT_GLOBAL_PER_MINUTE),
      prefix: "meridian:signin:all",
    }),
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
