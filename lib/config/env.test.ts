import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ensureDataDir, protectDataDir } from "./env";

const made: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-"));
  made.push(dir);
  return dir;
};
const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("DATA_DIR", () => {
  it("is created readable by this user only", () => {
    const dir = path.join(tempDir(), "fresh");
    vi.stubEnv("DATA_DIR", dir);
    ensureDataDir();
    expect(modeOf(dir)).toBe(0o700);
  });

  // It holds the secrets, the database and every user's files.
  it("an existing one that others may read is made 0700 at start, with a warning", () => {
    const dir = tempDir();
    fs.chmodSync(dir, 0o755);
    vi.stubEnv("DATA_DIR", dir);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    protectDataDir();
    expect(modeOf(dir)).toBe(0o700);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/was readable by others \(mode 0755\); it is now 0700/));
    warn.mockClear();
    protectDataDir();
    expect(warn).not.toHaveBeenCalled();
  });

  it("a missing one is not created at start (object storage deployments may have no writable disk)", () => {
    const dir = path.join(tempDir(), "absent");
    vi.stubEnv("DATA_DIR", dir);
    protectDataDir();
    expect(fs.existsSync(dir)).toBe(false);
  });
});
