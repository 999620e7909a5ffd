import { describe, expect, it } from "vitest";
import type { ThreadSummary } from "@/components/api/types";
import { groupThreads } from "./group-threads";

const thread = (id: string, updatedAt: string): ThreadSummary => ({
  id,
  title: id,
  agentId: null,
  coordinator: false,
  modelSpec: null,
  status: "idle",
  createdAt: updatedAt,
  updatedAt,
});

describe("groupThreads", () => {
  const now = new Date(2025, 5, 15, 12, 0, 0);

  it("buckets by local day and sorts newest first", () => {
    const groups = groupThreads(
      [
        thread("old", new Date(2025, 4, 1).toISOString()),
        thread("morning", new Date(2025, 5, 15, 8).toISOString()),
        thread("noon", new Date(2025, 5, 15, 11, 59).toISOString()),
        thread("yesterday", new Date(2025, 5, 14, 23).toISOString()),
        thread("week", new Date(2025, 5, 8, 1).toISOString()),
      ],
      now,
    );
    expect(groups.map((g) => [g.key, g.threads.map((t) => t.id)])).toEqual([
      ["today", ["noon", "morning"]],
      ["previous7Days", ["yesterday", "week"]],
      ["older", ["old"]],
    ]);
  });

  it("omits empty groups", () => {
    expect(groupThreads([], now)).toEqual([]);
  });
});
