import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SoloLock } from "./solo-lock";

/** Resolves to "entered" if `entering` settles within `ms`, else "waiting". */
const within = (entering: Promise<void>, ms: number) =>
  Promise.race([
    entering.then(() => "entered" as const),
    new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms)),
  ]);

/** The pid of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ["-e", "0"]).pid!;

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "solo-lock-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("SoloLock between the workers of one e2e run", () => {
  it("lets tests of several workers run side by side", async () => {
    const [a, b] = [new SoloLock(dir, 0), new SoloLock(dir, 1)];
    await a.enterBeside();
    expect(await within(b.enterBeside(), 300)).toBe("entered");
  });

  it("holds a @solo test until the tests running on other workers have ended", async () => {
    const [other, solo] = [new SoloLock(dir, 0), new SoloLock(dir, 1)];
    await other.enterBeside();
    const entering = solo.enterAlone();
    expect(await within(entering, 400)).toBe("waiting");
    other.leave(false);
    expect(await within(entering, 1_000)).toBe("entered");
  });

  it("holds new tests while a @solo test runs, and lets them in when it ends", async () => {
    const [solo, other] = [new SoloLock(dir, 0), new SoloLock(dir, 1)];
    await solo.enterAlone();
    const entering = other.enterBeside();
    expect(await within(entering, 400)).toBe("waiting");
    solo.leave(true);
    expect(await within(entering, 1_000)).toBe("entered");
  });

  it("runs two @solo tests one after the other", async () => {
    const [first, second] = [new SoloLock(dir, 0), new SoloLock(dir, 1)];
    await first.enterAlone();
    const entering = second.enterAlone();
    expect(await within(entering, 400)).toBe("waiting");
    first.leave(true);
    expect(await within(entering, 1_000)).toBe("entered");
  });

  it("ignores what a worker that crashed left behind", async () => {
    const dead = String(deadPid());
    fs.writeFileSync(path.join(dir, "beside-3"), dead);
    const solo = new SoloLock(dir, 0);
    expect(await within(solo.enterAlone(), 1_000)).toBe("entered");
    solo.leave(true);
    fs.writeFileSync(path.join(dir, "alone"), dead);
    expect(await within(new SoloLock(dir, 1).enterBeside(), 1_000)).toBe("entered");
  });
});
