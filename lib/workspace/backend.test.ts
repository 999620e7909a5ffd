import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WorkspaceBackend } from "./backend";
import { createLocalStore } from "./store/local";
import { SAMPLES } from "@/lib/testing/file-samples";

/** The agent's view of a workspace: virtual paths, readable errors, safe concurrent edits. */
const U = "/home/gem/user-data";
let dir: string;
let backend: WorkspaceBackend;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "backend-"));
  fs.mkdirSync(path.join(dir, "skills", "report"), { recursive: true });
  fs.writeFileSync(path.join(dir, "skills", "report", "SKILL.md"), "# Report skill\n");
  backend = new WorkspaceBackend(
    createLocalStore(path.join(dir, "user")),
    createLocalStore(path.join(dir, "skills"), { readOnly: true }),
    "u1",
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("WorkspaceBackend", () => {
  it("shows where the workspace is from / and /home/gem", async () => {
    expect((await backend.ls("/")).files).toEqual([{ path: "/home/", is_dir: true }]);
    expect((await backend.ls("/home/gem/")).files?.map((f) => f.path)).toEqual([`${U}/`, "/home/gem/skills/"]);
  });

  it("reads text with line numbers and pages with offset/limit", async () => {
    await backend.write(`${U}/notes.txt`, "one\ntwo\nthree\n");
    const page = await backend.read(`${U}/notes.txt`, 1, 1);
    expect(page).toMatchObject({ content: "     2\ttwo", startLine: 2, endLine: 2, totalLines: 3, nextOffset: 2 });
    expect((await backend.read(`${U}/notes.txt`, 9)).error).toMatch(/past the end/);
    expect((await backend.read(`${U}/missing.txt`)).error).toBe(`No such file or directory: ${U}/missing.txt`);
  });

  it("applies concurrent edits to one file one after another", async () => {
    await backend.write(`${U}/list.md`, "alpha\nbeta\ngamma\n");
    const results = await Promise.all([
      backend.edit(`${U}/list.md`, "alpha", "ALPHA"),
      backend.edit(`${U}/list.md`, "beta", "BETA"),
      backend.edit(`${U}/list.md`, "gamma", "GAMMA"),
    ]);
    expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
    expect(fs.readFileSync(path.join(dir, "user", "list.md"), "utf8")).toBe("ALPHA\nBETA\nGAMMA\n");
  });

  it("runs a read-modify-write update under the lock edits take: an edit in between is not lost", async () => {
    await backend.write(`${U}/MEMORY.md`, "# Memory\nkeep short answers\n");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A background writer (the memory job) read the file and is still working out its change...
    const update = backend.update(`${U}/MEMORY.md`, async (current) => {
      await gate;
      return `${current!.toString("utf8")}- likes tea\n`;
    });
    // ...when the agent edits the same file. The edit waits and then sees the update's result.
    const edit = backend.edit(`${U}/MEMORY.md`, "short", "brief");
    release();
    expect(await update).toBe(true);
    expect((await edit).error).toBeUndefined();
    expect(fs.readFileSync(path.join(dir, "user", "MEMORY.md"), "utf8")).toBe(
      "# Memory\nkeep brief answers\n- likes tea\n",
    );
    // No file yet, and a change that declines, write nothing.
    expect(await backend.update(`${U}/new.md`, (current) => (current ? "x" : undefined))).toBe(false);
    expect(fs.existsSync(path.join(dir, "user", "new.md"))).toBe(false);
    expect(await backend.update(`${U}/new.md`, (current) => (current === undefined ? "first" : "again"))).toBe(true);
    expect(fs.readFileSync(path.join(dir, "user", "new.md"), "utf8")).toBe("first");
    await expect(backend.update("/home/gem/skills/report/SKILL.md", () => "x")).rejects.toThrow(/read-only/);
  });

  it("believes an image only when its bytes say so", async () => {
    await backend.writeBytes(`${U}/real.png`, SAMPLES.png);
    await backend.write(`${U}/fake.png`, "just text pretending");
    expect(await backend.read(`${U}/real.png`)).toMatchObject({ mimeType: "image/png" });
    const fake = await backend.read(`${U}/fake.png`);
    expect(fake.mimeType).toBe("text/plain");
    expect(fake.content).toContain("just text pretending");
  });

  it("keeps /home/gem/skills read-only but readable", async () => {
    expect((await backend.read("/home/gem/skills/report/SKILL.md")).content).toContain("Report skill");
    expect((await backend.write("/home/gem/skills/report/SKILL.md", "x")).error).toMatch(/read-only/);
    expect((await backend.edit("/home/gem/skills/report/SKILL.md", "Report", "X")).error).toMatch(/read-only/);
    expect(fs.readFileSync(path.join(dir, "skills", "report", "SKILL.md"), "utf8")).toBe("# Report skill\n");
  });

  it("accepts names that merely start with two dots", async () => {
    expect((await backend.write(`${U}/..notes`, "fine")).error).toBeUndefined();
    expect((await backend.read(`${U}/..notes`)).content).toContain("fine");
  });

  it("globs and greps across both mounts from /", async () => {
    const glob = await backend.glob("**/*.md", "/");
    expect(glob.files?.map((f) => f.path)).toEqual(
      expect.arrayContaining([`${U}/list.md`, "/home/gem/skills/report/SKILL.md"]),
    );
    const grep = await backend.grep("BETA", "/");
    expect(grep.matches).toEqual([{ path: `${U}/list.md`, line: 2, text: "BETA" }]);
  });

  // micromatch's backtracking translation of this glob ran 9.6 s against such a name.
  it(
    "globs a many-wildcard pattern against a long name at once, and refuses an unbounded one",
    { timeout: 10_000 },
    async () => {
      const long = `${"a".repeat(300)}.txt`;
      await backend.write(`${U}/${long}`, "x");
      expect((await backend.glob("*a*a*a*a*a*a*a*a*a*a*a*a*a*b", U)).files).toEqual([]);
      expect((await backend.grep("x", U, "*a*a*a*a*a*a*a*a*a*a*a*a*a*b")).matches).toEqual([]);
      expect((await backend.glob("*a".repeat(60), U)).error).toMatch(
        /^The glob was refused: the glob has 60 wildcards/,
      );
      expect((await backend.glob("!(*.md)", U)).error).toMatch(/not supported/);
    },
  );
});
