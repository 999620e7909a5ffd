import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { BoundedWorker, WorkerTaskFailed } from "./bounded-worker";

/** A worker of plain tasks: echo, fail, spin for ever, allocate without end, exit. */
const SOURCE = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", ({ id, task, input }) => {
  if (task === "echo") return parentPort.postMessage({ id, ok: true, value: input });
  if (task === "refuse") return parentPort.postMessage({ id, ok: false, error: { name: "Refused", message: "no", code: "x" } });
  if (task === "spin") for (;;) {}
  if (task === "grow") { const keep = []; for (;;) keep.push(new Array(1e6).fill(Math.random())); }
  if (task === "exit") process.exit(3);
});`;

const runners: BoundedWorker[] = [];
function runner(timeoutMs = 5_000) {
  const r = new BoundedWorker(
    (resourceLimits) => new Worker(SOURCE, { eval: true, resourceLimits }),
    () => ({ timeoutMs, maxMemoryMb: 64 }),
  );
  runners.push(r);
  return r;
}
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as WorkerTaskFailed,
  );

describe("BoundedWorker", () => {
  it("runs tasks in turn and passes a task's own refusal through", async () => {
    const r = runner();
    const [a, b] = await Promise.all([r.run("echo", { n: 1 }), r.run("echo", "two")]);
    expect([a, b]).toEqual([{ n: 1 }, "two"]);
    expect(await failure(r.run("refuse", null))).toMatchObject({ name: "Refused", message: "no" });
  });

  // A parser that never ends ran on the main thread before: nothing else was answered meanwhile.
  it("stops a task that runs past its time while the main thread keeps running, then serves the next", async () => {
    const r = runner(1_500);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const err = await failure(r.run("spin", null));
    clearInterval(timer);
    expect(err).toBeInstanceOf(WorkerTaskFailed);
    expect(err).toMatchObject({ reason: "timeout", message: "it took longer than 2 s" });
    expect(ticks).toBeGreaterThan(10);
    expect(await r.run("echo", "after")).toBe("after");
  });

  it("stops a task that passes the heap limit, and one whose worker exits, then serves the next", async () => {
    const r = runner(60_000);
    expect(await failure(r.run("grow", null))).toMatchObject({
      reason: "memory",
      message: "it needed more than 64 MB of memory",
    });
    expect(await r.run("echo", 1)).toBe(1);
    expect(await failure(r.run("exit", null))).toMatchObject({ reason: "crashed" });
    expect(await r.run("echo", 2)).toBe(2);
  });
});
