import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { findUserForLogin, LOCKOUT_MS } from "@/lib/db/users";
import { checkLogin } from "./login";

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);

const T0 = new Date("2031-05-01T12:00:00Z");
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
    expect(await checkLogin(u.username, "right-password", at(LOCKOUT_MS - 1))).toMatchObject({ code: "account_locked" });
  });

  it("after 5 minutes the right password works again and resets the counter", async () => {
    const u = await insertTestUser({ password: "right-password" });
    for (let i = 1; i <= 5; i++) await checkLogin(u.username, "wrong", at(i));
    expect(await checkLogin(u.username, "right-password", at(LOCKOUT_MS + 10))).toMatchObject({ ok: true });
    expect(await findUserForLogin(u.username)).toMatchObject({ failedLogins: 0, lockedUntil: null });
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
});
