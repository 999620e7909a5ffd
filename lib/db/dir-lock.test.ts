import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDirLock } from "./dir-lock";

let root = "";
afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = "";
});

function lockedBy(pid: number): string {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "dir-lock-"));
  const dir = path.join(root, "pglite");
  fs.writeFileSync(path.join(root, "pglite.lock"), String(pid));
  return dir;
}

/** A child that exited but was never collected: `sleep 5` replaces the shell and never waits for it. */
async function zombie(): Promise<{ pid: number; stop: () => void }> {
  const parent = spawn("sh", ["-c", "sleep 0.05 & echo $!; exec sleep 5"], { stdio: ["ignore", "pipe", "ignore"] });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim()))),
  );
  for (let i = 0; i < 100; i++) {
    const state = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    if (state === "Z") break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { pid, stop: () => parent.kill("SIGKILL") };
}

describe("acquireDirLock", () => {
  it("refuses a directory a live process holds", async () => {
    const holder = spawn("sleep", ["5"]);
    try {
      const dir = lockedBy(holder.pid!);
      expect(() => acquireDirLock(dir)).toThrow(`is in use by process ${holder.pid}`);
      expect(fs.readFileSync(path.join(root, "pglite.lock"), "utf8")).toBe(String(holder.pid));
    } finally {
      holder.kill("SIGKILL");
    }
  });

  it("takes over a lock left by a process that is gone", () => {
    const dir = lockedBy(2 ** 22 + 12345);
    const release = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(root, "pglite.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(root, "pglite.lock"))).toBe(false);
  });

  it.runIf(process.platform === "linux")(
    "takes over a lock held by a killed process not yet collected (a zombie)",
    async () => {
      const { pid, stop } = await zombie();
      try {
        expect(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0]).toBe("Z");
        const release = acquireDirLock(lockedBy(pid));
        expect(fs.readFileSync(path.join(root, "pglite.lock"), "utf8")).toBe(String(process.pid));
        release();
      } finally {
        stop();
      }
    },
  );
});
