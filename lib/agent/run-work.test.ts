import { describe, expect, it } from "vitest";
import { runWorkSettled, trackRunWork } from "./run-work";

describe("a run's tracked work", () => {
  it("is settled at once when nothing is tracked, and waits for resolved and rejected work alike", async () => {
    expect(await runWorkSettled("r-none", 10)).toBe(true);
    let finish!: () => void;
    let fail!: (err: Error) => void;
    const ok = trackRunWork("r1", new Promise<string>((r) => (finish = () => r("done"))));
    const bad = trackRunWork("r1", new Promise<string>((_, j) => (fail = j)));
    bad.catch(() => undefined);
    const waiting = runWorkSettled("r1", 5_000);
    let settled = false;
    void waiting.then(() => (settled = true));
    finish();
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false); // one of the two is still going
    fail(new Error("aborted"));
    expect(await waiting).toBe(true);
    expect(await ok).toBe("done"); // the caller gets the work's own result
    expect(await runWorkSettled("r1", 10)).toBe(true); // forgotten once settled
  });

  it("gives up after the timeout when the work never ends, and other runs do not wait for it", async () => {
    trackRunWork("r2", new Promise(() => undefined));
    const started = Date.now();
    expect(await runWorkSettled("r2", 50)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(await runWorkSettled("r3", 10)).toBe(true);
  });
});
