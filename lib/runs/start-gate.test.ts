import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { modelCallStarting, startGateLoad, takeStartSlot, withStartSlot } from "./start-gate";

const settled = () => new Promise((resolve) => setImmediate(resolve));
let people = 0;
/** A different user each time: these cases are about the shared slots. */
const someone = () => `user-${++people}`;

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
    const a = await takeStartSlot(someone());
    const b = await takeStartSlot(someone());
    const order: string[] = [];
    const c = takeStartSlot(someone()).then((slot) => (order.push("c"), slot));
    const d = takeStartSlot(someone()).then((slot) => (order.push("d"), slot));
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
    const a = await takeStartSlot(someone());
    const b = await takeStartSlot(someone());
    let admitted = 0;
    const waiting = [takeStartSlot(someone()), takeStartSlot(someone())].map((p) =>
      p.then((slot) => (admitted++, slot)),
    );
    a.release();
    a.release();
    await settled();
    expect(admitted).toBe(1);
    b.release();
    for (const slot of await Promise.all(waiting)) slot.release();
    expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
  });

  it("gives the slot back when its run calls the model, and only that run's", async () => {
    const a = await takeStartSlot(someone());
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
    await takeStartSlot(someone()); // never released by its holder
    let admitted = false;
    void takeStartSlot(someone()).then((slot) => {
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
      withStartSlot(someone(), async () => {
        throw new Error("agent not found");
      }),
    ).rejects.toThrow("agent not found");
    expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
    const kept = await withStartSlot(someone(), async (slot) => slot);
    expect(startGateLoad().inUse).toBe(1);
    kept.release();
  });

  // One person's burst filled the queue before: everyone else's start waited behind all of it.
  it("admits one start per user at a time, so another user's start overtakes one person's burst", async () => {
    const first = await takeStartSlot("flood");
    const order: string[] = [];
    const burst = Array.from({ length: 5 }, (_, i) =>
      takeStartSlot("flood").then((slot) => (order.push(`flood-${i}`), slot)),
    );
    await settled();
    expect(startGateLoad()).toEqual({ inUse: 1, waiting: 5 });
    const other = await takeStartSlot("colleague"); // a free slot, and the colleague holds none
    order.push("colleague");
    expect(order).toEqual(["colleague"]);
    first.release();
    await settled();
    expect(order).toEqual(["colleague", "flood-0"]);
    other.release();
    await settled();
    expect(order).toEqual(["colleague", "flood-0"]); // the flood's next waits for its own previous start
    for (let i = 0; i < 5; i++) (await burst[i]).release();
    expect(order).toHaveLength(6);
    expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
  });
});
