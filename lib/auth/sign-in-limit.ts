import { clientAddress } from "@/lib/http/client-address";
import { memoryRateLimiter, type RateDecision, type RateLimiter } from "./rate-limit";
import { redisRateLimiter } from "./redis-rate-limit";
import { redisConnections } from "@/lib/redis/client";

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
const holder = globalThis as { __meridianSignInLimiters?: Promise<Limiters> };

/**
 * Built once per process from the environment (kept on globalThis: route bundles share it). With
 * REDIS_URL the budgets live in Redis, shared by every instance; if Redis fails a call, this
 * instance's own budget answers it instead of letting the attempt through unmetered.
 */
function limiters(): Promise<Limiters> {
  return (holder.__meridianSignInLimiters ??= build());
}

async function build(): Promise<Limiters> {
  const budgets = {
    perAddress: perMinute("SIGNIN_RATE_LIMIT_PER_ADDRESS", DEFAULT_PER_ADDRESS_PER_MINUTE),
    global: perMinute("SIGNIN_RATE_LIMIT_GLOBAL", DEFAULT_GLOBAL_PER_MINUTE),
  };
  const local = {
    perAddress: memoryRateLimiter({ perMinute: budgets.perAddress }),
    global: memoryRateLimiter({ perMinute: budgets.global }),
  };
  const connections = redisConnections();
  if (!connections) return local;
  try {
    const { publisher: client } = await connections;
    return {
      perAddress: orLocal(
        redisRateLimiter({ client, perMinute: budgets.perAddress, prefix: "meridian:signin:addr" }),
        local.perAddress,
      ),
      global: orLocal(
        redisRateLimiter({ client, perMinute: budgets.global, prefix: "meridian:signin:all" }),
        local.global,
      ),
    };
  } catch (err) {
    console.error("[auth] Redis unavailable, sign-in budgets are per instance:", (err as Error).message);
    delete holder.__meridianSignInLimiters; // try Redis again on the next attempt
    return local;
  }
}

function orLocal(shared: RateLimiter, local: RateLimiter): RateLimiter {
  const fallback = (err: unknown) => console.error("[auth] Redis rate limit failed:", (err as Error).message);
  return {
    take: (key, now) =>
      shared.take(key, now).catch((err) => {
        fallback(err);
        return local.take(key, now);
      }),
    refund: (key, now) =>
      shared.refund(key, now).catch((err) => {
        fallback(err);
        return local.refund(key, now);
      }),
  };
}

/** For tests: the next call reads the environment again. */
export function resetSignInLimiters(): void {
  delete holder.__meridianSignInLimiters;
}

export async function takeSignInAttempt(req: Request, now?: number): Promise<RateDecision> {
  const { perAddress, global } = await limiters();
  const address = clientAddress(req.headers);
  const own = await perAddress.take(address, now);
  if (!own.allowed) return own;
  const all = await global.take(GLOBAL_KEY, now);
  if (!all.allowed) await perAddress.refund(address, now);
  return all;
}

/** After a successful sign-in: the attempt does not count against either budget. */
export async function refundSignInAttempt(req: Request, now?: number): Promise<void> {
  const { perAddress, global } = await limiters();
  await Promise.all([perAddress.refund(clientAddress(req.headers), now), global.refund(GLOBAL_KEY, now)]);
}
