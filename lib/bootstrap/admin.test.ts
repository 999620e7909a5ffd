import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { checkLogin } from "@/lib/auth/login";
import { ensureSuperadmin, passwordBox } from "./admin";

beforeEach(createTestDatabase);
afterEach(destroyTestDatabase);

async function superadmins() {
  const db = await getDb();
  return db.select().from(users).where(eq(users.role, "superadmin"));
}

describe("ensureSuperadmin", () => {
  it("uses ADMIN_USERNAME / ADMIN_PASSWORD and does not print the password", async () => {
    const out: string[] = [];
    await ensureSuperadmin({ ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "admin-password-1" }, (t) => out.push(t));
    const [row] = await superadmins();
    expect(row).toMatchObject({ username: "boss", role: "superadmin" });
    expect(row!.passwordHash).not.toContain("admin-password-1");
    expect(await checkLogin("boss", "admin-password-1", "198.51.100.7")).toMatchObject({ ok: true });
    expect(out.join("")).not.toContain("admin-password-1");
  });

  it("without them: username admin, a generated password printed once in a box, stored only as a hash", async () => {
    const out: string[] = [];
    await ensureSuperadmin({}, (t) => out.push(t));
    expect(out).toHaveLength(1);
    const printed = /password: (\S+)/.exec(out[0]!)?.[1];
    expect(printed).toBeDefined();
    expect(printed!.length).toBeGreaterThanOrEqual(20);
    expect(out[0]).toContain("╔");
    const [row] = await superadmins();
    expect(row!.username).toBe("admin");
    expect(row!.passwordHash).not.toContain(printed);
    expect(await checkLogin("admin", printed!, "198.51.100.7")).toMatchObject({ ok: true });

    await ensureSuperadmin({}, (t) => out.push(t));
    await ensureSuperadmin({ ADMIN_PASSWORD: "another-password" }, (t) => out.push(t));
    expect(out).toHaveLength(1); // never printed again
    expect(await superadmins()).toHaveLength(1);
    expect(await checkLogin("admin", printed!, "198.51.100.7")).toMatchObject({ ok: true });
  });

  it("two concurrent first starts create exactly one superadmin and print at most once", async () => {
    const out: string[] = [];
    await Promise.all([ensureSuperadmin({}, (t) => out.push(t)), ensureSuperadmin({}, (t) => out.push(t))]);
    expect(await superadmins()).toHaveLength(1);
    expect(out.length).toBeLessThanOrEqual(1);
  });

  it("refuses a too-short ADMIN_PASSWORD with a clear message and creates nobody", async () => {
    await expect(ensureSuperadmin({ ADMIN_PASSWORD: "short" }, () => {})).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(await superadmins()).toHaveLength(0);
  });
});

describe("passwordBox", () => {
  it("draws every line at the same width", () => {
    const lines = passwordBox("admin", "p4ss").trim().split("\n");
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});
