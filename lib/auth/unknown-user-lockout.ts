import { LOCKOUT_MS, LOCKOUT_THRESHOLD } from "@/lib/db/users";

/**
 * Lockout bookkeeping for usernames that do not exist, with the same threshold and duration as
 * real accounts, so "account_locked" does not tell an attacker which usernames are real.
 * In-process, like the sign-in rate limiter (both move to a shared store together); the map is
 * bounded, oldest entry out first.
 */

const MAX_TRACKED = 10_000;

type Entry = { failures: number; lockedUntil: number | null };

const entries: Map<string, Entry> = ((
  globalThis as { __meridianUnknownLogins?: Map<string, Entry> }
).__meridianUnknownLogins ??= new Map());

/** Mirrors reserveLoginAttempt: "locked" before any check, or the attempt counted (locked when it reached the threshold). */
export function reserveUnknownLogin(username: string, now = new Date()): "locked" | "reserved" | "reserved_and_locked" {
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
