import { describe, expect, it } from "vitest";
import { fromResourceState, resourceModes, toggleSelected, toResourceState, withMode } from "./resource-state";
import { serverField } from "./test-fields";

const tools = serverField("tools");
const subagents = serverField("subagents");
const preload = serverField("preload_skills");

describe("resource control state", () => {
  it("offers all / none / selected for nullable resource lists", () => {
    expect(resourceModes(tools)).toEqual(["all", "none", "selected"]);
  });

  it("offers no 'all' when the schema cannot store null", () => {
    expect(resourceModes(preload)).toEqual(["none", "selected"]);
    expect(fromResourceState(preload, { mode: "none", selected: [] })).toEqual([]);
  });

  it("offers no 'none' for subagents, where [] also means all", () => {
    expect(resourceModes(subagents)).toEqual(["all", "selected"]);
    expect(toResourceState(subagents, [])).toEqual({ mode: "all", selected: [] });
    expect(toResourceState(subagents, null)).toEqual({ mode: "all", selected: [] });
  });

  it("maps null, [] and a list to the three states and back", () => {
    for (const value of [null, [], ["b", "a"]]) {
      expect(fromResourceState(tools, toResourceState(tools, value))).toEqual(value);
    }
    expect(toResourceState(tools, null).mode).toBe("all");
    expect(toResourceState(tools, []).mode).toBe("none");
    expect(toResourceState(tools, ["b", "a"])).toEqual({ mode: "selected", selected: ["b", "a"] });
  });

  it("drops duplicates and junk but keeps the order", () => {
    expect(toResourceState(tools, ["c", "a", "c", 3, "", "b"]).selected).toEqual(["c", "a", "b"]);
  });

  it("stores 'selected' with nothing chosen as [] (shown as None when reopened)", () => {
    const picked = withMode(toResourceState(tools, null), "selected");
    const stored = fromResourceState(tools, picked);
    expect(stored).toEqual([]);
    expect(toResourceState(tools, stored).mode).toBe("none");
  });

  it("appends on toggle, removes in place, and restores the list when switching back", () => {
    let state = toResourceState(tools, ["a"]);
    state = toggleSelected(state, "c");
    state = toggleSelected(state, "b");
    expect(state.selected).toEqual(["a", "c", "b"]);
    state = toggleSelected(state, "c");
    expect(state.selected).toEqual(["a", "b"]);
    const none = withMode(state, "none");
    expect(fromResourceState(tools, none)).toEqual([]);
    expect(fromResourceState(tools, withMode(none, "selected"))).toEqual(["a", "b"]);
  });
});
