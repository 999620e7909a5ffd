import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { getDb } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";
import { createSession } from "@/lib/db/sessions";
import { insertTestUser } from "@/lib/testing/users";
import { stopSessionCleanup } from "./session-cleanup";
import { bootstrap } from "./index";
import { stopJobRunner } from "@/lib/jobs/runner";

beforeAll(createTestDatabase);
afterAll(async () => {
  stopSessionCleanup();
  await stopJobRunner();
  await destroyTestDatabase();
});

describe("bootstrap", () => {
  it("is idempotent: one run for many calls, one superadmin, expired sessions removed, password printed once", async () => {
    vi.stubEnv("ADMIN_USERNAME", "");
    vi.stubEnv("ADMIN_PASSWORD", "");
    const u = await insertTestUser();
    const expired = await createSession(u.id, { now: new Date(Date.now() - 2 * 86_400_000) });
    const live = await createSession(u.id);
    const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});

    const first = bootstrap();
    expect(bootstrap()).toBe(first);
    await Promise.all([first, bootstrap(), bootstrap()]);

    const printedBoxes = write.mock.calls.map(([chunk]) => String(chunk)).filter((t) => t.includes("password:"));
    write.mockRestore();
    log.mockRestore();
    vi.unstubAllEnvs();

    expect(printedBoxes).toHaveLength(1);
    const db = await getDb();
    const all = await db.select().from(users);
    expect(all.filter((r) => r.role === "superadmin")).toHaveLength(1);
    const ids = (await db.select().from(sessions)).map((s) => s.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(expired.id);
  });

  it("schedules one hourly cleanup timer that does not keep the process alive", async () => {
    const { scheduleSessionCleanup } = await import("./session-cleanup");
    const a = scheduleSessionCleanup();
    const b = scheduleSessionCleanup();
    expect(a).toBe(b);
    expect(a.hasRef()).toBe(false);
  });
});
