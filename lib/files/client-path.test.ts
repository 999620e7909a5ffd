import { describe, expect, it } from "vitest";
import { resolveClientPath } from "./client-path";

const U = "/home/gem/user-data";
const WORKDIR = `${U}/projects/t-1`;
const resolveInWorkdir = (input?: string) => resolveClientPath(input, WORKDIR);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error("expected a refusal");
};

describe("resolveClientPath", () => {
  it("defaults to the base and resolves relative and absolute paths inside it", () => {
    expect(resolveInWorkdir()).toBe(WORKDIR);
    expect(resolveInWorkdir("")).toBe(WORKDIR);
    expect(resolveInWorkdir(".")).toBe(WORKDIR);
    expect(resolveInWorkdir("uploads")).toBe(`${WORKDIR}/uploads`);
    expect(resolveInWorkdir("./outputs//report.md")).toBe(`${WORKDIR}/outputs/report.md`);
    expect(resolveInWorkdir(`${WORKDIR}/uploads/a.pdf`)).toBe(`${WORKDIR}/uploads/a.pdf`);
    expect(resolveInWorkdir(`${WORKDIR}/`)).toBe(WORKDIR);
    // Not decoded: a literal, harmless name inside the workdir.
    expect(resolveInWorkdir("%2e%2e")).toBe(`${WORKDIR}/%2e%2e`);
  });

  it.each([
    "../",
    "..",
    "../t-2/uploads/a.pdf",
    "uploads/../../t-2",
    "./../x",
    `${WORKDIR}/../t-2`,
    `${U}/projects/t-2/uploads/a.pdf`,
    `${U}/projects/t-10`,
    `${U}/projects/t-1x/a`,
    `${U}/notes.md`,
    U,
    "/home/gem/skills/x/SKILL.md",
    "/etc/passwd",
    "/proc/self/environ",
    "C:\\Windows\\win.ini",
    "..\\..\\x",
    "a\u0000b",
    "//etc/passwd",
    "/home/gem/user-data/projects/t-1/../t-2",
  ])("refuses %j with a 400", (input) => {
    const err = refusal(() => resolveInWorkdir(input));
    expect(err.code).toBe("bad_request:path");
    expect(err.message).toMatch(/^Path refused: /);
  });

  it("lets the personal workspace reach user-data and read the skills mount, nothing else", () => {
    const resolveWs = (input?: string) => resolveClientPath(input, U, [U, "/home/gem/skills"]);
    expect(resolveWs()).toBe(U);
    expect(resolveWs("notes/a.md")).toBe(`${U}/notes/a.md`);
    expect(resolveWs("/home/gem/skills/kb/SKILL.md")).toBe("/home/gem/skills/kb/SKILL.md");
    for (const bad of ["../x", "/home/gem", "/home/gem/skills2/x", "/tmp/x", "/home/gem/user-data/../skills/x"]) {
      expect(refusal(() => resolveWs(bad)).code).toBe("bad_request:path");
    }
  });
});
