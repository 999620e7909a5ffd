import { describe, expect, it } from "vitest";
import { uploadPathOf, uploadsAffectedBy, uploadsDirOf } from "./upload-path";

const P = "/home/gem/user-data/projects";

describe("upload paths", () => {
  it("puts uploads flat in the workdir's uploads/ folder", () => {
    expect(uploadsDirOf("t1")).toBe(`${P}/t1/uploads`);
    expect(uploadPathOf("t1", "abc.pdf")).toBe(`${P}/t1/uploads/abc.pdf`);
  });

  it("knows which upload records a deletion takes with it", () => {
    expect(uploadsAffectedBy("/home/gem/user-data")).toEqual({ scope: "all" });
    expect(uploadsAffectedBy(P)).toEqual({ scope: "all" });
    expect(uploadsAffectedBy(`${P}/t1`)).toEqual({ scope: "thread", rootThreadId: "t1" });
    expect(uploadsAffectedBy(`${P}/t1/uploads`)).toEqual({ scope: "thread", rootThreadId: "t1" });
    expect(uploadsAffectedBy(`${P}/t1/uploads/abc.pdf`)).toEqual({
      scope: "file",
      rootThreadId: "t1",
      storedName: "abc.pdf",
    });
  });

  it("takes none with files that are not uploads", () => {
    for (const p of [
      `${P}/t1/outputs`,
      `${P}/t1/outputs/uploads/x`,
      `${P}/t1/uploads/sub/x.pdf`,
      "/home/gem/user-data/notes",
      "/home/gem/user-data/projectsX",
    ]) {
      expect(uploadsAffectedBy(p)).toBeNull();
    }
  });
});
