import { describe, expect, it } from "vitest";
import { CANDIDATE_BUDGET, CANDIDATE_CAP, candidatePlans } from "./candidate-plan";

/** Plans for terms given as [term, document frequency] pairs. */
const plan = (totalChunks: number, ...terms: [string, number][]) =>
  candidatePlans(
    terms.map(([term, df]) => ({ term, df })),
    totalChunks,
    10,
  );

describe("full-text candidate plans", () => {
  it("lets the rarest terms select while their frequencies fit the budget; common terms only score", () => {
    const plans = plan(100_000, ["use", 40_000], ["pgvector", 12], ["hnsw", 30], ["index", 1_400], ["cosin", 90]);
    // "index" would take the sum over the budget, so it does not select; the first plan is three rare terms.
    expect(plans[0]).toEqual({ any: ["pgvector", "hnsw", "cosin"] });
    // If those hold fewer than top-k chunks, the four rarest select, from a capped set.
    expect(plans[1]).toEqual({ any: ["pgvector", "hnsw", "cosin", "index"], limit: CANDIDATE_CAP });
    expect(plans).toHaveLength(2);
  });

  it("needs no second plan when every query term is rare", () => {
    expect(plan(5_000, ["boiler", 3], ["octob", 8])).toEqual([{ any: ["boiler", "octob"] }]);
  });

  it("asks common terms to occur together, then relaxes one term at a time", () => {
    const plans = plan(100_000, ["support", 20_000], ["node", 30_000], ["need", 15_000]);
    // Expected joint counts: 15,000 for "need" alone, 3,000 with "support", 900 with all three.
    expect(plans).toEqual([
      { all: ["need", "support", "node"] },
      { all: ["need", "support"] },
      { all: ["need"], limit: CANDIDATE_CAP },
    ]);
  });

  it("stops adding terms once the expected count fits the budget", () => {
    expect(plan(100_000, ["a", 2 * CANDIDATE_BUDGET], ["b", 50_000], ["c", 60_000])[0]).toEqual({ all: ["a", "b"] });
  });

  it("plans nothing for no terms and counts a repeated term once", () => {
    expect(plan(100)).toEqual([]);
    expect(plan(100, ["x", 5], ["x", 5])).toEqual([{ any: ["x"] }]);
  });
});
