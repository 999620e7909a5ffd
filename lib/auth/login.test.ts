import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { LOCKOUT_MS } from "@/lib/db/login-failures";
import { findUserForLogin } from "@/lib/db/users";
import { checkLogin as checkLoginFrom } from "./login";

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);

const T0 = new Date("2031-05-01T12:00:00Z");
const ATTACKER = "203.0.113.66";
const OWNER = "198.51.100.7";
/** Most cases are about one address: the attacker's. */
const checkLogin = (username: string, password: string, now?: Date) =>
  checkLoginFrom(username, password, ATTACKER, now);
const at = (ms: number) => new Date(T0.getTime() + ms);

describe("checkLogin", () => {
  it("accepts the right password, case-insensitive username, and returns no hash", async () => {
    const u = await insertTestUser({ username: "Mixed.Case", password: "right-password" });
    const result = await checkLogin("mixed.case", "right-password", T0);
    expect(result).toMatchObject({ ok: true, user: { id: u.id } });
    expect(result.ok && result.user).not.toHaveProperty("passwordHash");
  });

  it("answers invalid_credentials for a wrong password, an unknown user and a disabled user", async () => {
    const u = await insertTestUser({ password: "right-password" });
    const off = await insertTestUser({ password: "right-password", disabled: true });
    expect(await checkLogin(u.username, "wrong-password", T0)).toEqual({ ok: false, code: "invalid_credentials" });
    expect(await checkLogin("nobody-here", "right-password", T0)).toEqual({ ok: false, code: "invalid_credentials" });
    expect(await checkLogin(off.username, "right-password", T0)).toEqual({ ok: false, code: "invalid_credentials" });
  });

  it("locks after 5 consecutive failures; during the lock even the right password fails", async () => {
    const u = await insertTestUser({ password: "right-password" });
    for (let i = 1; i <= 4; i++) {
      expect(await checkLogin(u.username, `wrong-${i}`, at(i))).toMatchObject({ code: "invalid_credentials" });
    }
    const fifth = await checkLogin(u.username, "wrong-5", at(5));
    expect(fifth).toMatchObject({ ok: false, code: "account_locked" });
    expect(await checkLogin(u.username, "right-password", at(6))).toMatchObject({ ok: false, code: "account_locked" });
    expect(await checkLogin(u.username, "right-password", at(LOCKOUT_MS - 1))).toMatchObject({
      code: "account_locked",
    });
  });

  it("after 5 minutes the right password works again and resets the counter", async () => {
    const u = await insertTestUser({ password: "right-password" });
    for (let i = 1; i <= 5; i++) await checkLogin(u.username, "wrong", at(i));
    expect(await checkLogin(u.username, "right-password", at(LOCKOUT_MS + 10))).toMatchObject({ ok: true });
    for (let i = 1; i <= 4; i++)
      expect(await checkLogin(u.username, "wrong", at(LOCKOUT_MS + 10 + i))).toMatchObject({
        code: "invalid_credentials",
      });
  });

  // Anyone could keep any account locked by sending five wrong passwords every five minutes.
  it("guesses from one address lock that address only: the owner still signs in from another", async () => {
    const u = await insertTestUser({ password: "right-password" });
    for (let i = 1; i <= 5; i++) await checkLogin(u.username, "wrong", at(i));
    expect(await checkLogin(u.username, "right-password", at(6))).toMatchObject({ code: "account_locked" });
    expect(await checkLoginFrom(u.username, "right-password", OWNER, at(7))).toMatchObject({
      ok: true,
      user: { id: u.id },
    });
    // The owner's success clears only the owner's own count; the attacker stays locked.
    expect(await checkLogin(u.username, "right-password", at(8))).toMatchObject({ code: "account_locked" });
    expect((await findUserForLogin(u.username))?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it("a success resets the count: 4 failures, success, 4 failures do not lock", async () => {
    const u = await insertTestUser({ password: "right-password" });
    for (let i = 1; i <= 4; i++) await checkLogin(u.username, "wrong", at(i));
    expect(await checkLogin(u.username, "right-password", at(5))).toMatchObject({ ok: true });
    for (let i = 6; i <= 9; i++) {
      expect(await checkLogin(u.username, "wrong", at(i))).toMatchObject({ code: "invalid_credentials" });
    }
    expect(await checkLogin(u.username, "right-password", at(10))).toMatchObject({ ok: true });
  });

  it("failures of one account do not lock another", async () => {
    const a = await insertTestUser({ password: "right-password" });
    const b = await insertTestUser({ password: "right-password" });
    for (let i = 1; i <= 5; i++) await checkLogin(a.username, "wrong", at(i));
    expect(await checkLogin(b.username, "right-password", at(6))).toMatchObject({ ok: true });
  });

  it("a disabled account with the right password counts as a failure like any other", async () => {
    const off = await insertTestUser({ password: "right-password", disabled: true });
    for (let i = 1; i <= 4; i++)
      expect(await checkLogin(off.username, "right-password", at(i))).toMatchObject({ code: "invalid_credentials" });
    expect(await checkLogin(off.username, "right-password", at(5))).toMatchObject({ code: "account_locked" });
  });
});

describe("checkLogin under a burst of parallel guesses", () => {
  it("29 wrong and the right one last, all at once: the right one is refused and the account is locked", async () => {
    const u = await insertTestUser({ password: "right-password" });
    const attempts = [...Array.from({ length: 29 }, (_, i) => `wrong-${i}`), "right-password"];
    const results = await Promise.all(attempts.map((p) => checkLogin(u.username, p, T0)));
    expect(results[29]).toMatchObject({ ok: false, code: "account_locked" });
    expect(results.filter((r) => r.ok)).toHaveLength(0);
    expect(results.filter((r) => !r.ok && r.code === "invalid_credentials")).toHaveLength(4);
    expect(await checkLogin(u.username, "right-password", at(1))).toMatchObject({ code: "account_locked" });
  });

  it("another user signs in while one account is under a burst", async () => {
    const target = await insertTestUser({ password: "right-password" });
    const other = await insertTestUser({ password: "other-password" });
    const burst = Array.from({ length: 20 }, (_, i) => checkLogin(target.username, `wrong-${i}`, T0));
    const [otherResult] = await Promise.all([checkLogin(other.username, "other-password", T0), ...burst]);
    expect(otherResult).toMatchObject({ ok: true, user: { id: other.id } });
  });
});

describe("checkLogin for unknown usernames", () => {
  it("answers exactly like a real account: 4 times invalid, then locked for 5 minutes, then afresh", async () => {
    const real = await insertTestUser({ password: "right-password" });
    const codesOf = async (username: string, times: number[]) => {
      const codes: (string | undefined)[] = [];
      for (const t of times) {
        const r = await checkLogin(username, "wrong-password", at(t));
        codes.push(r.ok ? "ok" : r.code);
      }
      return codes;
    };
    const times = [1, 2, 3, 4, 5, 6, LOCKOUT_MS - 1, LOCKOUT_MS + 10];
    const expected = [
      ...Array(4).fill("invalid_credentials"),
      "account_locked",
      "account_locked",
      "account_locked",
      "invalid_credentials",
    ];
    expect(await codesOf(real.username, times)).toEqual(expected);
    expect(await codesOf("Nobody-At-All", times)).toEqual(expected);
    // Case-insensitive like real usernames.
    expect(
      await codesOf("nobody-at-all", [LOCKOUT_MS + 11, LOCKOUT_MS + 12, LOCKOUT_MS + 13, LOCKOUT_MS + 14]),
    ).toEqual(["invalid_credentials", "invalid_credentials", "invalid_credentials", "account_locked"]);
  });

  it("a burst against an unknown username locks it as it would a real one", async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => checkLogin("ghost-user", `guess-${i}`, T0)));
    expect(results.filter((r) => !r.ok && r.code === "invalid_credentials")).toHaveLength(4);
    expect(results.filter((r) => !r.ok && r.code === "account_locked")).toHaveLength(26);
  });
});
