import { describe, expect, it } from "vitest";
import type { KbMindmapNode } from "./api";
import {
  allExpanded,
  flatten,
  initiallyExpanded,
  outlineOf,
  ROOT_ONLY,
  shownKey,
  treeKeyMove,
} from "./mindmap-outline";

const MAP: KbMindmapNode = {
  title: "Harbour",
  children: [
    {
      title: "Harbour guide",
      docId: "d1",
      line: 1,
      children: [
        { title: "Tides", docId: "d1", line: 5, children: [{ title: "Spring tides", docId: "d1", line: 8 }] },
        { title: "Moorings", docId: "d1", line: 12 },
      ],
    },
    { title: "Ledger", docId: "d2" },
  ],
};

const keys = (items: { key: string }[]) => items.map((item) => item.key);

describe("mind map outline", () => {
  const root = outlineOf(MAP);

  it("keys topics by their path and marks the topic that names each document", () => {
    const all = flatten(root);
    expect(keys(all)).toEqual(["0", "0.0", "0.0.0", "0.0.0.0", "0.0.1", "0.1"]);
    expect(all.map((item) => item.level)).toEqual([1, 2, 3, 4, 3, 2]);
    expect(all.filter((item) => item.namesDocument).map((item) => item.node.title)).toEqual([
      "Harbour guide",
      "Ledger",
    ]);
    expect(all[2].parentKey).toBe("0.0");
  });

  it("opens a small map fully and a large one to its second level", () => {
    expect(initiallyExpanded(root)).toEqual(allExpanded(root));
    expect([...allExpanded(root)]).toEqual(["0", "0.0", "0.0.0"]);
    const wide: KbMindmapNode = {
      title: "Big",
      children: Array.from({ length: 30 }, (_, i) => ({
        title: `Theme ${i}`,
        children: [{ title: `Topic ${i}`, children: [{ title: `Detail ${i}` }] }],
      })),
    };
    const big = outlineOf(wide);
    const opened = initiallyExpanded(big);
    expect(opened.has("0")).toBe(true);
    expect(opened.has("0.3")).toBe(true);
    expect(opened.has("0.3.0")).toBe(false);
  });

  it("hides what is under a closed topic and finds the nearest shown one", () => {
    const visible = flatten(root, ROOT_ONLY);
    expect(keys(visible)).toEqual(["0", "0.0", "0.1"]);
    expect(shownKey(visible, "0.0.0.0")).toBe("0.0");
    expect(shownKey(visible, "0.1")).toBe("0.1");
  });

  it("moves with the arrow keys as the tree view pattern says", () => {
    const expanded = new Set(["0", "0.0"]);
    const visible = flatten(root, expanded);
    expect(keys(visible)).toEqual(["0", "0.0", "0.0.0", "0.0.1", "0.1"]);
    expect(treeKeyMove(visible, expanded, "0", "ArrowDown")).toEqual({ focus: "0.0" });
    expect(treeKeyMove(visible, expanded, "0.0", "ArrowUp")).toEqual({ focus: "0" });
    expect(treeKeyMove(visible, expanded, "0", "ArrowUp")).toBeNull();
    expect(treeKeyMove(visible, expanded, "0.1", "ArrowDown")).toBeNull();
    expect(treeKeyMove(visible, expanded, "0.0.0", "ArrowRight")).toEqual({ expand: "0.0.0" });
    expect(treeKeyMove(visible, expanded, "0.0", "ArrowRight")).toEqual({ focus: "0.0.0" });
    expect(treeKeyMove(visible, expanded, "0.1", "ArrowRight")).toBeNull();
    expect(treeKeyMove(visible, expanded, "0.0", "ArrowLeft")).toEqual({ collapse: "0.0" });
    expect(treeKeyMove(visible, expanded, "0.0.1", "ArrowLeft")).toEqual({ focus: "0.0" });
    expect(treeKeyMove(visible, expanded, "0.0.0", "ArrowLeft")).toEqual({ focus: "0.0" });
    expect(treeKeyMove(visible, new Set(), "0", "ArrowLeft")).toBeNull();
    expect(treeKeyMove(visible, expanded, "0.0.1", "Home")).toEqual({ focus: "0" });
    expect(treeKeyMove(visible, expanded, "0", "End")).toEqual({ focus: "0.1" });
    expect(treeKeyMove(visible, expanded, "0", "a")).toBeNull();
  });
});
