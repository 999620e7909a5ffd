import { describe, expect, it } from "vitest";
import { CANDIDATE_BUDGET, CANDIDATE_CAP, candidatePlans } from "./candidate-plan";

describe("full-text candidate plans", () => {
  it("lets the rarest terms select while their frequencies fit the budget; common terms only score", () => {
    const plans = candidatePlans(
      [
        { term: "use", df: 40_000 },
        { term: "pgvector", df: 12 },
        { term: "hnsw", df: 30 },
        { term: "index", df: 1_400 },
        { term: "cosin", df: 90 },
      ],
      100_000,
      10,
    );
    // "index" would take the sum over the budget, so it does not select; the first plan is three rare terms.
    expect(plans[0]).toEqual({ any: ["pgvector", "hnsw", "cosin"] });
    // If those hold fewer than top-k chunks, the four rarest select, from a capped set.
    expect(plans[1]).toEqual({ any: ["pgvector", "hnsw", "cosin", "index"], limit: CANDIDATE_CAP });
    expect(plans).toHaveLength(2);
  });

  it("needs no second plan when every query term is rare", () => {
    expect(
      candidatePlans(
        [
          { term: "boiler", df: 3 },
          { term: "octob", df: 8 },
        ],
        5_000,
        10,
      ),
    ).toEqual([{ any: ["boiler", "octob"] }]);
  });

  it("asks common terms to occur together, then relaxes one term at a time", () => {
    const plans = candidatePlans(
      [
        { term: "support", df: 20_000 },
        { term: "node", df: 30_000 },
        { term: "need", df: 15_000 },
      ],
      100_000,
      10,
    );
    // Expected joint counts: 15,000 for "need" alone, 3,000 with "support", 900 with all three.
    expect(plans).toEqual([
      { all: ["need", "support", "node"] },
      { all: ["need", "support"] },
      { all: ["need"], limit: CANDIDATE_CAP },
    ]);
  });

  it("stops adding terms once the expected count fits the budget", () => {
    const plans = candidatePlans(
      [
        { term: "a", df: 2 * CANDIDATE_BUDGET },
        { term: "b", df: 50_000 },
        { term: "c", df: 60_000 },
      ],
      100_000,
      10,
    );
    expect(plans[0]).toEqual({ all: ["a", "b"] });
  });

  it("plans nothing for no terms and counts a repeated term once", () => {
    expect(candidatePlans([], 100, 10)).toEqual([]);
    expect(
      candidatePlans(
        [
          { term: "x", df: 5 },
          { term: "x", df: 5 },
        ],
        100,
        10,
      ),
    ).toEqual([{ any: ["x"] }]);
  });
});
