import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseVirtualPath, PathRefused } from "./virtual-path";
import { confinedHostPath, isInside } from "./confine";

/**
 * A corpus of hostile paths against the path guard, run as real reads and writes on a real
 * directory. Whatever the path, nothing outside the user's root is ever read or written.
 */
let sandbox: string;
let userRoot: string;
let skillsRoot: string;
const SECRET = "OUTSIDE-SECRET";

beforeAll(() => {
  sandbox = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-"));
  userRoot = path.join(sandbox, "workspaces", "u1");
  skillsRoot = path.join(sandbox, "skills");
  fs.mkdirSync(path.join(userRoot, "projects", "t1", "uploads"), { recursive: true });
  fs.mkdirSync(skillsRoot, { recursive: true });
  fs.writeFileSync(path.join(sandbox, "secret.txt"), SECRET);
  fs.mkdirSync(path.join(sandbox, "workspaces", "u2"), { recursive: true });
  fs.writeFileSync(path.join(sandbox, "workspaces", "u2", "notes.md"), SECRET);
  // Symlinks as an agent could create them inside its own workspace.
  fs.symlinkSync(sandbox, path.join(userRoot, "to-sandbox"));
  fs.symlinkSync("/etc", path.join(userRoot, "to-etc"));
  fs.symlinkSync("../u2", path.join(userRoot, "to-neighbour"));
  fs.symlinkSync(path.join(sandbox, "secret.txt"), path.join(userRoot, "secret-link.txt"));
  fs.symlinkSync("to-sandbox", path.join(userRoot, "chain"));
  fs.symlinkSync("../../..", path.join(userRoot, "projects", "t1", "up"));
  fs.writeFileSync(path.join(userRoot, "inside.txt"), "fine");
  fs.symlinkSync(path.join(userRoot, "inside.txt"), path.join(userRoot, "inside-link.txt"));
});
afterAll(() => fs.rmSync(sandbox, { recursive: true, force: true }));

const U = "/home/gem/user-data";
const traversal = [
  `${U}/../../etc/passwd`, `${U}/..`, `${U}/a/../../x`, `${U}/./../x`, `${U}/projects/../../..`, `${U}/projects/t1/../../../secret.txt`,
  "../secret.txt", "..", "../../../../etc/shadow", "./../x", `${U}/a/b/c/../../../../x`, `/home/gem/../gem/user-data/x`,
  `/home/gem/user-data/..%2f..%2fsecret.txt`, `${U}/....//....//etc`, `${U}/.../...`, `/home/gem/user-data/../user-data2/x`,
  `/home/gem/user-data2/x`, `/home/gem/user-dataX`, `/home/gem`, `/home/gem/`, `/home`, `/`, `//etc/passwd`, `///home/gem/user-data/../..`,
];
const absolute = [
  "/etc/passwd", "/etc/shadow", "/root/.ssh/id_rsa", "/proc/self/environ", "/proc/self/cwd/secret.txt", "/dev/zero", "/sys/kernel",
  "/tmp/x", "/var/lib", "file:///etc/passwd", "etc/passwd", "secret.txt", "~/secret", "~root/.bashrc", "$HOME/x", "${HOME}/x",
  "C:\\Windows\\System32\\drivers\\etc\\hosts", "C:/Windows/win.ini", "c:secret", "\\\\server\\share\\x", "//server/share/x",
  "\\\\?\\C:\\x", "/home/gem/skills/../user-data/../../etc",
];
const encodings = [
  `${U}/%2e%2e/%2e%2e/secret.txt`, `${U}/%252e%252e/secret.txt`, `${U}/..%c0%af..%c0%afsecret.txt`, `${U}/%c0%ae%c0%ae/secret.txt`,
  `${U}/\u2024\u2024/secret.txt`, `${U}/\uff0e\uff0e/secret.txt`, `${U}/\u202e..\u202c/secret.txt`, `${U}/..\u200b/secret.txt`,
  `${U}/%00/x`, `${U}/.%2e/secret.txt`, `${U}/%2e./secret.txt`, `${U}/..;/secret.txt`, `${U}/..%00/secret.txt`, `${U}/%5c..%5csecret.txt`,
];
const separators = [
  `${U}\\..\\..\\secret.txt`, `..\\..\\secret.txt`, `${U}/a\\..\\..\\..\\secret.txt`, `${U}/..\\secret.txt`, `\\home\\gem\\user-data\\x`,
  `${U}/\\../secret.txt`,
];
const controls = [
  `${U}/a\u0000/../../secret.txt`, `${U}/x\u0000.txt`, `\u0000`, `${U}/\u0000`, `${U}/new\nline`, `${U}/tab\tname`, `${U}/bell\u0007`,
  `${U}/del\u007f`, `${U}/cr\r`, `${U}/esc\u001b[31m`,
];
const long = [
  `${U}/${"a".repeat(256)}`, `${U}/${"界".repeat(86)}`, `${U}/${"a/".repeat(600)}x`, `${U}/${"x".repeat(2000)}`, `${U}/${"../".repeat(400)}etc`,
  "/".repeat(5000), `${U}/${"%2e%2e/".repeat(200)}`,
];
const symlinks = [
  `${U}/to-sandbox/secret.txt`, `${U}/to-sandbox/workspaces/u2/notes.md`, `${U}/to-etc/passwd`, `${U}/to-etc/hostname`,
  `${U}/to-neighbour/notes.md`, `${U}/secret-link.txt`, `${U}/chain/secret.txt`, `${U}/projects/t1/up/secret.txt`,
  `${U}/projects/t1/up/workspaces/u2/notes.md`, `${U}/to-sandbox/new-file.txt`, `${U}/to-etc/new-file`, `${U}/to-neighbour/planted.md`,
  `${U}/chain/deeper/new.txt`, `${U}/projects/t1/up/x.txt`,
];
const skillWrites = ["/home/gem/skills/knowledge-base/SKILL.md", "/home/gem/skills/x/../../user-data/x", "/home/gem/skills/new.txt"];

const corpus = [...traversal, ...absolute, ...encodings, ...separators, ...controls, ...long, ...symlinks, ...skillWrites];

/** The guard as a backend would apply it: parse, refuse writes to skills, confine to the mount's root. */
async function guard(virtual: string, forWrite: boolean): Promise<string> {
  const parsed = parseVirtualPath(virtual);
  if (parsed.mount === "skills" && forWrite) throw new PathRefused(virtual, "/home/gem/skills is read-only");
  return confinedHostPath(parsed.mount === "skills" ? skillsRoot : userRoot, parsed.rel, { forWrite });
}

describe(`hostile path corpus (${corpus.length} paths)`, () => {
  it("has at least 100 paths", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(100);
  });

  for (const [i, virtual] of corpus.entries()) {
    it(`#${i} ${JSON.stringify(virtual).slice(0, 70)} — never leaves the root`, async () => {
      for (const forWrite of [false, true]) {
        let host: string | null = null;
        try {
          host = await guard(virtual, forWrite);
        } catch (err) {
          expect(err).toBeInstanceOf(PathRefused);
          expect((err as Error).message).toMatch(/^Path refused: /);
          continue;
        }
        const root = virtual.startsWith("/home/gem/skills") ? skillsRoot : userRoot;
        expect(isInside(fs.realpathSync(root), host), `${virtual} -> ${host}`).toBe(true);
        if (forWrite) {
          try {
            fs.mkdirSync(path.dirname(host), { recursive: true });
            fs.writeFileSync(host, "written");
          } catch {
            // too long for the OS or similar: still nothing written outside
          }
        } else if (fs.existsSync(host) && fs.statSync(host).isFile()) {
          expect(fs.readFileSync(host, "utf8")).not.toContain(SECRET);
        }
      }
      expect(fs.readFileSync(path.join(sandbox, "secret.txt"), "utf8")).toBe(SECRET);
      expect(fs.readFileSync(path.join(sandbox, "workspaces", "u2", "notes.md"), "utf8")).toBe(SECRET);
      expect(fs.existsSync(path.join(sandbox, "new-file.txt"))).toBe(false);
      expect(fs.existsSync(path.join(sandbox, "workspaces", "u2", "planted.md"))).toBe(false);
    });
  }
});

describe("legitimate paths", () => {
  it.each([
    [`${U}/projects/t1/uploads/report.pdf`, "projects/t1/uploads/report.pdf"],
    [`${U}/notes/2026 plan (final).md`, "notes/2026 plan (final).md"],
    [`${U}/./a//b/`, "a/b"],
    [`${U}/中文文件.txt`, "中文文件.txt"],
    [U, ""],
  ])("%s maps inside the root", async (virtual, rel) => {
    expect(parseVirtualPath(virtual).rel).toBe(rel);
    const host = await guard(virtual, true);
    expect(host).toBe(path.join(fs.realpathSync(userRoot), rel));
  });

  it("reads through a symlink that stays inside the root, but never writes through one", async () => {
    expect(await guard(`${U}/inside-link.txt`, false)).toBe(path.join(fs.realpathSync(userRoot), "inside.txt"));
    await expect(guard(`${U}/inside-link.txt`, true)).rejects.toThrow(/symbolic link/);
  });

  it("lets skills be read", async () => {
    expect(parseVirtualPath("/home/gem/skills/knowledge-base/SKILL.md")).toMatchObject({ mount: "skills", rel: "knowledge-base/SKILL.md" });
  });
});

describe("parseVirtualPath messages", () => {
  it.each([
    [`${U}/a/../b`, '".." is not allowed'],
    ["/etc/passwd", "outside the workspace"],
    ["relative/x", "absolute path"],
    [`${U}/a\u0000b`, "control characters"],
    [`${U}\\x`, "backslashes"],
    [`${U}/${"a".repeat(300)}`, "longer than 255 bytes"],
  ])("%j is refused with a readable reason", (input, reason) => {
    expect(() => parseVirtualPath(input)).toThrow(reason);
  });
});
