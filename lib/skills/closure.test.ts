import { describe, expect, it } from "vitest";
import { skillClosure } from "./closure";

const deps = new Map<string, string[]>([
  ["report", ["research", "charts"]],
  ["research", ["search"]],
  ["search", []],
  ["charts", []],
  ["a", ["b"]],
  ["b", ["c"]],
  ["c", ["a"]],
  ["self", ["self"]],
]);

describe("skillClosure", () => {
  it("adds dependencies depth first, each once, keeping the selection order", () => {
    expect(skillClosure(["report", "search"], deps)).toEqual(["report", "research", "search", "charts"]);
  });
  it("terminates on cycles, including a skill depending on itself", () => {
    expect(skillClosure(["a"], deps)).toEqual(["a", "b", "c"]);
    expect(skillClosure(["self"], deps)).toEqual(["self"]);
  });
  it("drops slugs that are not available (unknown or not readable)", () => {
    expect(skillClosure(["ghost", "charts"], deps)).toEqual(["charts"]);
    expect(skillClosure(["report"], new Map([["report", ["hidden"]]]))).toEqual(["report"]);
  });
  it("is empty for an empty selection", () => {
    expect(skillClosure([], deps)).toEqual([]);
  });
});
