import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseVirtualPath, PathRefused } from "./virtual-path";
import { confinedHostPath, isInside } from "./confine";
import { hostileCorpus as corpus, plantHostileFixture, SECRET } from "@/lib/testing/hostile-paths";

const U = "/home/gem/user-data";

/**
 * A corpus of hostile paths against the path guard, run as real reads and writes on a real
 * directory. Whatever the path, nothing outside the user's root is ever read or written.
 */
let sandbox: string;
let userRoot: string;
let skillsRoot: string;

beforeAll(() => {
  sandbox = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-"));
  userRoot = path.join(sandbox, "workspaces", "u1");
  skillsRoot = path.join(sandbox, "skills");
  fs.mkdirSync(skillsRoot, { recursive: true });
  plantHostileFixture(sandbox, userRoot);
});
afterAll(() => fs.rmSync(sandbox, { recursive: true, force: true }));

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
    expect(parseVirtualPath("/home/gem/skills/knowledge-base/SKILL.md")).toMatchObject({
      mount: "skills",
      rel: "knowledge-base/SKILL.md",
    });
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
