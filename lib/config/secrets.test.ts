import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

let dir: string;
let saved: Record<string, string | undefined>;

/** A fresh copy of the module: its cache starts empty, as in a new server process. */
async function freshSecrets() {
  vi.resetModules();
  return import("./secrets");
}

const file = () => path.join(dir, "data", "secrets.json");

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-secrets-"));
  saved = {
    DATA_DIR: process.env.DATA_DIR,
    AUTH_SECRET: process.env.AUTH_SECRET,
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY,
  };
  process.env.DATA_DIR = path.join(dir, "data");
  delete process.env.AUTH_SECRET;
  delete process.env.ENCRYPTION_KEY;
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("secrets.json", () => {
  it("is created on first use with every secret, mode 0600, inside a new DATA_DIR of mode 0700", async () => {
    const { getSecret } = await freshSecrets();
    const auth = getSecret("AUTH_SECRET");
    const stored = JSON.parse(fs.readFileSync(file(), "utf8"));
    expect(stored.AUTH_SECRET).toBe(auth);
    expect(stored.ENCRYPTION_KEY).toMatch(/^[\w-]{43}$/);
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, "data")).mode & 0o777).toBe(0o700);
    // A restart reads the same secrets back; no temp file is left behind.
    expect((await freshSecrets()).getSecret("ENCRYPTION_KEY")).toBe(stored.ENCRYPTION_KEY);
    expect(fs.readdirSync(path.join(dir, "data"))).toEqual(["secrets.json"]);
  });

  it("prefers the environment and then writes nothing", async () => {
    process.env.AUTH_SECRET = "from-env";
    const { getSecret } = await freshSecrets();
    expect(getSecret("AUTH_SECRET")).toBe("from-env");
    expect(fs.existsSync(file())).toBe(false);
  });

  it("on Vercel, asks for the secrets in the environment instead of generating them", async () => {
    process.env.VERCEL = "1";
    try {
      const { getSecret } = await freshSecrets();
      expect(() => getSecret("ENCRYPTION_KEY")).toThrow(/^On Vercel, set AUTH_SECRET and ENCRYPTION_KEY/);
      expect(fs.existsSync(path.join(dir, "data"))).toBe(false);
      process.env.ENCRYPTION_KEY = "from-env";
      expect(getSecret("ENCRYPTION_KEY")).toBe("from-env");
    } finally {
      delete process.env.VERCEL;
    }
  });

  for (const [what, content] of [
    ["is not JSON", '{"AUTH_SECRET": "abc", '],
    ["is empty", ""],
    ["holds the wrong shape", '{"AUTH_SECRET": 42}'],
  ] as const) {
    it(`stops with a clear error and leaves the file alone when it ${what}`, async () => {
      fs.mkdirSync(path.dirname(file()), { recursive: true });
      fs.writeFileSync(file(), content, { mode: 0o600 });
      const { getSecret } = await freshSecrets();
      expect(() => getSecret("AUTH_SECRET")).toThrow(
        /secrets\.json .*Restore it from a backup, or set AUTH_SECRET and ENCRYPTION_KEY/,
      );
      expect(fs.readFileSync(file(), "utf8")).toBe(content);
    });
  }

  it("stops with a clear error when the file cannot be read, and does not replace it", async () => {
    // A folder in its place: unreadable as a file even for root (a 0000 mode is not).
    fs.mkdirSync(file(), { recursive: true });
    const { getSecret } = await freshSecrets();
    expect(() => getSecret("AUTH_SECRET")).toThrow(/secrets\.json cannot be read \(EISDIR/);
    expect(fs.statSync(file()).isDirectory()).toBe(true);
  });

  it("adds a secret missing from an older file and keeps the stored one", async () => {
    fs.mkdirSync(path.dirname(file()), { recursive: true });
    fs.writeFileSync(file(), '{"AUTH_SECRET":"old-auth"}', { mode: 0o600 });
    const { getSecret } = await freshSecrets();
    const key = getSecret("ENCRYPTION_KEY");
    expect(JSON.parse(fs.readFileSync(file(), "utf8"))).toEqual({ AUTH_SECRET: "old-auth", ENCRYPTION_KEY: key });
    expect(getSecret("AUTH_SECRET")).toBe("old-auth");
  });

  it("gives two racing creators one secret: the one that loses reads the winner's file", async () => {
    const first = await freshSecrets();
    const second = await freshSecrets();
    // Interleave at the worst point: the second server runs completely while the first one,
    // having found no file, is writing its own.
    const write = fs.writeFileSync;
    let raced = false;
    let theirs = "";
    vi.spyOn(fs, "writeFileSync").mockImplementation((...args: Parameters<typeof fs.writeFileSync>) => {
      if (!raced) {
        raced = true;
        theirs = second.getSecret("AUTH_SECRET");
      }
      return write(...args);
    });
    const ours = first.getSecret("AUTH_SECRET");
    expect(raced).toBe(true);
    expect(ours).toBe(theirs);
    expect(JSON.parse(fs.readFileSync(file(), "utf8")).AUTH_SECRET).toBe(theirs);
  });
});
