import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { modelCallStarting, startGateLoad, takeStartSlot, withStartSlot } from "./start-gate";

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("the run start gate", () => {
  beforeEach(() => {
    vi.stubEnv("RUN_START_CONCURRENCY", "2");
    vi.stubEnv("RUN_START_MAX_HOLD_MS", "1000");
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it("admits RUN_START_CONCURRENCY starts at once and the waiting ones first come, first served", async () => {
    const a = await takeStartSlot();
    const b = await takeStartSlot();
    const order: string[] = [];
    const c = takeStartSlot().then((slot) => (order.push("c"), slot));
    const d = takeStartSlot().then((slot) => (order.push("d"), slot));
    await settled();
    expect(order).toEqual([]);
    expect(startGateLoad()).toEqual({ inUse: 2, waiting: 2 });

    b.release();
    await settled();
    expect(order).toEqual(["c"]);
    a.release();
    await settled();
    expect(order).toEqual(["c", "d"]);
    (await c).release();
    (await d).release();
    expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
  });

  it("counts a slot released twice once", async () => {
    const a = await takeStartSlot();
    const b = await takeStartSlot();
    let admitted = 0;
    const waiting = [takeStartSlot(), takeStartSlot()].map((p) => p.then((slot) => (admitted++, slot)));
    a.release();
    a.release();
    await settled();
    expect(admitted).toBe(1);
    b.release();
    for (const slot of await Promise.all(waiting)) slot.release();
    expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
  });

  it("gives the slot back when its run calls the model, and only that run's", async () => {
    const a = await takeStartSlot();
    a.handTo("run-a");
    modelCallStarting("run-b");
    modelCallStarting(undefined);
    expect(startGateLoad().inUse).toBe(1);
    modelCallStarting("run-a");
    expect(startGateLoad().inUse).toBe(0);
  });

  it("takes the slot back from a start that holds it longer than RUN_START_MAX_HOLD_MS", async () => {
    vi.useFakeTimers();
    vi.stubEnv("RUN_START_CONCURRENCY", "1");
    await takeStartSlot(); // never released by its holder
    let admitted = false;
    void takeStartSlot().then((slot) => {
      admitted = true;
      slot.release();
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(admitted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(admitted).toBe(true);
    expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
  });

  it("gives the slot back when the start throws", async () => {
    vi.stubEnv("RUN_START_CONCURRENCY", "1");
    await expect(
      withStartSlot(async () => {
        throw new Error("agent not found");
      }),
    ).rejects.toThrow("agent not found");
    expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
    const kept = await withStartSlot(async (slot) => slot);
    expect(startGateLoad().inUse).toBe(1);
    kept.release();
  });
});
