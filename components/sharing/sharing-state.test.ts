import { describe, expect, it } from "vitest";
import { isPrivate, privateSharing, sameSharing, summarizeScope, toggleId, updateScope } from "./sharing-state";

describe("sharing state", () => {
  it("toggles ids in and out, keeping the others' order", () => {
    expect(toggleId(["a", "b"], "c")).toEqual(["a", "b", "c"]);
    expect(toggleId(["a", "b", "c"], "b")).toEqual(["a", "c"]);
  });

  it("updates one scope and leaves the other alone", () => {
    const next = updateScope(privateSharing(), "read", { departmentIds: ["d1"] });
    expect(next.read.departmentIds).toEqual(["d1"]);
    expect(next.manage).toEqual(privateSharing().manage);
    expect(isPrivate(next)).toBe(false);
    expect(isPrivate(privateSharing())).toBe(true);
  });

  it("compares audiences regardless of order", () => {
    const a = updateScope(privateSharing(), "read", { userIds: ["u1", "u2"] });
    const b = updateScope(privateSharing(), "read", { userIds: ["u2", "u1"] });
    expect(sameSharing(a, b)).toBe(true);
    expect(sameSharing(a, updateScope(b, "manage", { global: true }))).toBe(false);
  });

  it("summarizes who a scope reaches", () => {
    const names = (id: string) => ({ d1: "Research" })[id];
    expect(summarizeScope(privateSharing().read, names)).toEqual({ kind: "nobody" });
    expect(summarizeScope({ global: true, departmentIds: ["d1"], userIds: [] }, names)).toEqual({ kind: "everyone" });
    expect(summarizeScope({ global: false, departmentIds: ["d1", "d9"], userIds: ["u1", "u2"] }, names)).toEqual({
      kind: "some",
      departments: ["Research"],
      otherDepartments: 1,
      people: 2,
    });
  });
});
