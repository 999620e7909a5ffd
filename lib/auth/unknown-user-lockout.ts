import { LOCKOUT_MS, LOCKOUT_THRESHOLD } from "@/lib/db/users";
import { redisConnections, type RedisClient } from "@/lib/redis/client";

/**
 * Lockout bookkeeping for usernames that do not exist, with the same threshold and duration as
 * real accounts, so "account_locked" does not tell an attacker which usernames are real.
 * In-process on one instance (the map is bounded, oldest entry out first); with REDIS_URL in
 * Redis, so every instance answers the same, as the database does for real accounts.
 */

const MAX_TRACKED = 10_000;

type Entry = { failures: number; lockedUntil: number | null };

const entries: Map<string, Entry> = ((
  globalThis as { __meridianUnknownLogins?: Map<string, Entry> }
).__meridianUnknownLogins ??= new Map());

type Reservation = "locked" | "reserved" | "reserved_and_locked";

/** Mirrors reserveLoginAttempt: "locked" before any check, or the attempt counted (locked when it reached the threshold). */
export async function reserveUnknownLogin(username: string, now = new Date()): Promise<Reservation> {
  const connections = redisConnections();
  if (connections) {
    try {
      return await reserveInRedis((await connections).publisher, username.toLowerCase(), now.getTime());
    } catch (err) {
      console.error("[auth] Redis unavailable, unknown-username lockout is per instance:", (err as Error).message);
    }
  }
  return reserveInProcess(username, now);
}

/** Failures of an unknown username are forgotten after a day without attempts (real accounts keep theirs). */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

const SCRIPT = `
local now = tonumber(ARGV[1])
local e = redis.call("HMGET", KEYS[1], "failures", "lockedUntil")
local failures = tonumber(e[1]) or 0
local locked = tonumber(e[2])
if locked and locked > now then return "locked" end
if locked then failures = 1 else failures = failures + 1 end
local until_ = ""
if failures >= tonumber(ARGV[2]) then until_ = tostring(now + tonumber(ARGV[3])) end
redis.call("HSET", KEYS[1], "failures", failures, "lockedUntil", until_)
redis.call("PEXPIRE", KEYS[1], tonumber(ARGV[4]))
if until_ ~= "" then return "reserved_and_locked" end
return "reserved"
`;

async function reserveInRedis(client: RedisClient, key: string, now: number): Promise<Reservation> {
  return (await client.eval(SCRIPT, {
    keys: [`meridian:unknown-login:${key}`],
    arguments: [String(now), String(LOCKOUT_THRESHOLD), String(LOCKOUT_MS), String(FORGET_AFTER_MS)],
  })) as Reservation;
}

function reserveInProcess(username: string, now: Date): Reservation {
  const key = username.toLowerCase();
  const t = now.getTime();
  const entry = entries.get(key);
  if (entry?.lockedUntil && entry.lockedUntil > t) return "locked";
  const failures = entry?.lockedUntil ? 1 : (entry?.failures ?? 0) + 1; // a lock that ran out starts afresh
  const lockedUntil = failures >= LOCKOUT_THRESHOLD ? t + LOCKOUT_MS : null;
  entries.delete(key); // re-insert to keep the map in least-recently-used order
  entries.set(key, { failures, lockedUntil });
  if (entries.size > MAX_TRACKED) entries.delete(entries.keys().next().value!);
  return lockedUntil ? "reserved_and_locked" : "reserved";
}

/** For tests. */
export function forgetUnknownLogins(): void {
  entries.clear();
}
