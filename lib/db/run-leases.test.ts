import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { createTestUser } from "@/lib/testing/agent-harness";
import type { Actor } from "@/lib/identity/actor";
import { getDb } from "./client";
import { agentRuns } from "./schema";
import { createThread } from "./threads";
import { createRun, endRunWrites, findRun, finishRun } from "./runs";
import { startNewThread } from "./thread-start";
import { dropRunLease, failExpiredRuns, heldRunLeases, renewRunLeases, runLeaseMs } from "./run-leases";

let alice: Actor;

beforeAll(async () => {
  await createTestDatabase();
  alice = await createTestUser();
});
afterAll(destroyTestDatabase);
afterEach(() => {
  for (const id of heldRunLeases()) dropRunLease(id);
});

async function newRun() {
  const thread = await createThread(alice, { id: crypto.randomUUID(), title: "t", agentId: null });
  return createRun(alice, { threadId: thread.id, agentId: null, modelSpec: "demo:demo" });
}

/** What another instance's run looks like from here: its row, with a lease this process does not hold. */
async function elsewhere(leaseUntil: Date | null) {
  const run = await newRun();
  dropRunLease(run.id);
  await (await getDb()).update(agentRuns).set({ leaseUntil }).where(eq(agentRuns.id, run.id));
  return run;
}

describe("run leases", () => {
  it("a run created here is held here, with a lease of RUN_LEASE_MS; both ways of creating one", async () => {
    const before = Date.now();
    const run = await newRun();
    expect(heldRunLeases()).toContain(run.id);
    const lease = run.leaseUntil!.getTime() - before;
    expect(lease).toBeGreaterThanOrEqual(runLeaseMs() - 50);
    expect(lease).toBeLessThanOrEqual(runLeaseMs() + 1000);

    const started = await startNewThread(alice, {
      thread: { id: crypto.randomUUID(), agentId: null, title: "t", modelSpec: null, coordinator: false },
      run: { modelSpec: "demo:demo" },
      message: { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text: "hi" }] },
    });
    expect(heldRunLeases()).toContain(started!.run.id);
    expect((await findRun(alice, started!.run.id))?.leaseUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it("the heartbeat extends every held lease and lets go of runs that ended elsewhere", async () => {
    const a = await newRun();
    const b = await newRun();
    const db = await getDb();
    const old = new Date(Date.now() + 500);
    await db.update(agentRuns).set({ leaseUntil: old }).where(eq(agentRuns.id, a.id));
    // b was cancelled by another instance as an orphan, behind this one's back.
    await db.update(agentRuns).set({ status: "cancelled" }).where(eq(agentRuns.id, b.id));

    expect(await renewRunLeases()).toBe(1);
    expect((await findRun(alice, a.id))!.leaseUntil!.getTime()).toBeGreaterThan(old.getTime() + 1000);
    expect(heldRunLeases()).toContain(a.id);
    expect(heldRunLeases()).not.toContain(b.id);
  });

  it("ending a run lets go of its lease (finishRun and the one-statement end)", async () => {
    const a = await newRun();
    const b = await newRun();
    await finishRun(alice, a.id, { status: "completed" });
    await endRunWrites(alice, { threadId: b.threadId, runId: b.id, answer: null, result: { status: "completed" } });
    expect(heldRunLeases()).not.toContain(a.id);
    expect(heldRunLeases()).not.toContain(b.id);
    expect((await findRun(alice, a.id))?.leaseUntil).toBeNull();
    expect((await findRun(alice, b.id))?.leaseUntil).toBeNull();
  });

  it("the sweep fails only runs whose lease expired (or that never had one), never a held or live one", async () => {
    const expired = await elsewhere(new Date(Date.now() - 1000));
    const legacy = await elsewhere(null);
    const live = await elsewhere(new Date(Date.now() + 60_000));
    const mine = await newRun();
    await (
      await getDb()
    )
      .update(agentRuns)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(agentRuns.id, mine.id));
    const interrupted = await elsewhere(new Date(Date.now() - 1000));
    await finishRun(alice, interrupted.id, { status: "interrupted" });

    const failed = await failExpiredRuns();
    expect(failed.sort()).toEqual([expired.id, legacy.id].sort());
    expect(await findRun(alice, expired.id)).toMatchObject({
      status: "failed",
      error: { code: "internal:restart" },
      leaseUntil: null,
    });
    expect((await findRun(alice, live.id))?.status).toBe("running");
    expect((await findRun(alice, mine.id))?.status).toBe("running"); // stalled heartbeat, still executing here
    expect((await findRun(alice, interrupted.id))?.status).toBe("interrupted"); // waits for its user, no lease
  });
});
