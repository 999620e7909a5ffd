import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { getDb } from "./client";
import { loginFailures } from "./schema";
import {
  clearLoginFailures,
  forgetOldLoginFailures,
  LOCKOUT_MS,
  reserveLoginAttempt,
  type LoginReservation,
} from "./login-failures";
import { findUserForLogin } from "./users";

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);

const HERE = "198.51.100.7";
const THERE = "203.0.113.66";
const now = new Date("2030-01-01T00:00:00Z");
const lockedNow = (r: LoginReservation) => r.kind === "reserved" && r.lockedNow;

describe("reserveLoginAttempt", () => {
  it("counts each attempt up front; the 5th locks the pair, the 6th is refused unchecked", async () => {
    const u = await insertTestUser();
    for (let i = 1; i <= 4; i++)
      expect(await reserveLoginAttempt(u.username.toUpperCase(), HERE, now)).toEqual({
        kind: "reserved",
        lockedNow: false,
      });
    expect(await reserveLoginAttempt(u.username, HERE, now)).toEqual({ kind: "reserved", lockedNow: true });
    expect(await reserveLoginAttempt(u.username, HERE, now)).toEqual({ kind: "locked" });
    // Another address keeps its own count.
    expect(await reserveLoginAttempt(u.username, THERE, now)).toEqual({ kind: "reserved", lockedNow: false });
  });

  it("a success (clear) from the address starts its count again, and leaves other addresses' counts", async () => {
    const u = await insertTestUser();
    for (let i = 1; i <= 4; i++) {
      await reserveLoginAttempt(u.username, HERE, now);
      await reserveLoginAttempt(u.username, THERE, now);
    }
    await clearLoginFailures(u.username, HERE);
    for (let i = 1; i <= 4; i++) expect(lockedNow(await reserveLoginAttempt(u.username, HERE, now))).toBe(false);
    expect(lockedNow(await reserveLoginAttempt(u.username, THERE, now))).toBe(true);
  });

  it("after a lock has run out, counting starts again from one", async () => {
    const u = await insertTestUser();
    for (let i = 1; i <= 5; i++) await reserveLoginAttempt(u.username, HERE, now);
    const later = new Date(now.getTime() + LOCKOUT_MS + 1000);
    for (let i = 1; i <= 4; i++)
      expect(await reserveLoginAttempt(u.username, HERE, later)).toMatchObject({ lockedNow: false });
  });

  it("30 concurrent reservations: exactly 5 get through, the 5th locks, 25 are refused", async () => {
    const u = await insertTestUser();
    const results = await Promise.all(Array.from({ length: 30 }, () => reserveLoginAttempt(u.username, HERE, now)));
    const reserved = results.filter((r) => r.kind === "reserved");
    expect(reserved).toHaveLength(5);
    expect(reserved.filter(lockedNow)).toHaveLength(1);
    expect(results.filter((r) => r.kind === "locked")).toHaveLength(25);
  });

  it("the admin's view shows the latest lock while it lasts", async () => {
    const u = await insertTestUser();
    const soon = new Date();
    for (let i = 1; i <= 5; i++) await reserveLoginAttempt(u.username, THERE, soon);
    expect((await findUserForLogin(u.username))?.lockedUntil?.getTime()).toBe(soon.getTime() + LOCKOUT_MS);
    await clearLoginFailures(u.username);
    expect((await findUserForLogin(u.username))?.lockedUntil).toBeNull();
  });

  it("forgets pairs with no attempt for a day", async () => {
    // A sign-in attempt itself forgets old pairs once in a hundred: not while the test sets them up.
    const random = vi.spyOn(Math, "random").mockReturnValue(0.5);
    await reserveLoginAttempt("stale-guess", HERE, new Date("2020-01-01T00:00:00Z"));
    await reserveLoginAttempt("fresh-guess", HERE, now);
    random.mockRestore();
    expect(await forgetOldLoginFailures(now)).toBeGreaterThanOrEqual(1);
    const logins = (await (await getDb()).select({ login: loginFailures.login }).from(loginFailures)).map(
      (r) => r.login,
    );
    expect(logins).toContain("fresh-guess");
    expect(logins).not.toContain("stale-guess");
  });
});
