import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

/** Runs file-isolation-cases/ (two test files in one worker) in a Vitest of its own. */
async function runCases(env: Record<string, string>): Promise<{ code: number; out: string }> {
  const args = [
    "node_modules/vitest/vitest.mjs",
    "run",
    "--config",
    "lib/testing/file-isolation-cases/vitest.config.ts",
  ];
  try {
    const { stdout, stderr } = await exec(process.execPath, args, {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe("test files that share a worker", () => {
  it("each start with fresh modules, environment, globals, spies and timers", async () => {
    const { code, out } = await runCases({ WITHOUT_FILE_ISOLATION: "" });
    expect(out).toMatch(/Tests\s+10 passed/);
    expect(code).toBe(0);
  });

  it("would see each other's leftovers without the setup (the cases can fail)", async () => {
    const { code, out } = await runCases({ WITHOUT_FILE_ISOLATION: "1" });
    expect(out).toMatch(/Tests\s+5 failed \| 5 passed/);
    expect(code).not.toBe(0);
  });
});
