import { describe, expect, it } from "vitest";
import { measureLayers } from "./layer-check.mjs";

const layers = [["errors"], ["db"], ["kb"]];
/** A dependency tree as dpdm gives it: each file with the files it imports. */
const tree = (imports: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(imports).map(([file, deps]) => [file, deps.map((id) => ({ id }))]));

describe("the layer check of lib/", () => {
  it("passes imports that go down, and ignores tests, same-folder imports and packages", () => {
    const result = measureLayers(
      tree({
        "lib/kb/a.ts": ["lib/db/b.ts", "lib/kb/c.ts", "node_modules/zod/index.js"],
        "lib/db/b.ts": ["lib/errors/e.ts"],
        "lib/db/b.test.ts": ["lib/kb/a.ts"],
      }),
      { layers, knownMutual: [], upwardBudget: 0 },
    );
    expect(result.problems).toEqual([]);
    expect([...result.arrows.keys()].sort()).toEqual(["db -> errors", "kb -> db"]);
  });

  it("fails an import that runs back up, and two folders that import each other", () => {
    const result = measureLayers(tree({ "lib/kb/a.ts": ["lib/db/b.ts"], "lib/db/b.ts": ["lib/kb/c.ts"] }), {
      layers,
      knownMutual: [],
      upwardBudget: 0,
    });
    expect(result.mutual).toEqual(["db <-> kb"]);
    expect(result.upward).toEqual(["db -> kb"]);
    expect(result.problems).toEqual([
      "new mutual pair db <-> kb: lib/db/b.ts -> lib/kb/c.ts, lib/kb/a.ts -> lib/db/b.ts",
      "1 folder imports run back up, over the budget of 0: db -> kb (lib/db/b.ts -> lib/kb/c.ts)",
    ]);
  });

  it("keeps the list of allowed pairs true, and wants a floor for every folder", () => {
    const result = measureLayers(tree({ "lib/kb/a.ts": ["lib/db/b.ts"], "lib/newer/x.ts": ["lib/db/b.ts"] }), {
      layers,
      knownMutual: ["db <-> kb"],
      upwardBudget: 5,
    });
    expect(result.problems).toEqual([
      "lib/newer/ has no floor: add it to LAYERS in scripts/layers.mjs",
      "db <-> kb no longer import each other: remove it from KNOWN_MUTUAL",
    ]);
  });
});
