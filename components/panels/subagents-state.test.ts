import { describe, expect, it } from "vitest";
import type { ThreadStateResponse } from "@/components/api/types";
import { subagentsFromState, subagentsFromStream } from "./subagents-state";

type Run = ThreadStateResponse["subagentRuns"][number];

function run(id: string, status: Run["status"], extra: Partial<Run> = {}): Run {
  return {
    id,
    threadId: `thread-${id}`,
    status,
    runType: "subagent",
    parentRunId: "parent",
    modelSpec: "demo:demo",
    tokenUsage: null,
    error: null,
    createdAt: "2026-12-03T10:00:00.000Z",
    finishedAt: null,
    agentName: "Researcher",
    title: "Find the figure",
    ...extra,
  };
}

describe("status panel subagents", () => {
  it("follows one task from start through progress to completion, keyed by its run", () => {
    let list = subagentsFromStream(
      [],
      { status: "started", subagent: "Researcher", description: "Find it\nmore", runId: "r1", threadId: "t1" },
      "subagent-call1",
    );
    list = subagentsFromStream(list, {
      status: "progress",
      subagent: "Researcher",
      runId: "r1",
      threadId: "t1",
      tool: "read_file",
      todos: { done: 1, total: 2 },
    });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      key: "r1",
      status: "running",
      tool: "read_file",
      todos: { done: 1, total: 2 },
      title: "Find it",
    });
    list = subagentsFromStream(list, {
      status: "completed",
      subagent: "Researcher",
      runId: "r1",
      threadId: "t1",
      durationMs: 1500,
      tokens: { input: 40, output: 7 },
    });
    expect(list[0]).toMatchObject({
      status: "completed",
      tool: null,
      todos: { done: 1, total: 2 },
      durationMs: 1500,
      tokens: { input: 40, output: 7 },
    });
  });

  it("keeps a failure that never had a run under its part id, with the error", () => {
    const list = subagentsFromStream(
      [],
      { status: "failed", subagent: "ghost", message: 'No subagent "ghost"' },
      "subagent-c9",
    );
    expect(list).toEqual([
      expect.objectContaining({ key: "subagent-c9", status: "failed", runId: null, error: 'No subagent "ghost"' }),
    ]);
  });

  it("takes the server's list after a reload: duration and tokens from the run rows", () => {
    const list = subagentsFromState(
      [],
      [
        run("r2", "completed", {
          finishedAt: "2026-12-03T10:00:02.500Z",
          tokenUsage: { totals: { inputTokens: 1200, outputTokens: 80 } },
        }),
        run("r1", "failed", { error: { code: "subagent_failed", message: "boom" } }),
      ],
    );
    expect(list.map((e) => [e.key, e.status, e.durationMs, e.tokens, e.error])).toEqual([
      ["r2", "completed", 2500, { input: 1200, output: 80 }, null],
      ["r1", "failed", null, null, "boom"],
    ]);
  });

  it("keeps the live tool of a running task and a task the server has not listed yet", () => {
    let live = subagentsFromStream([], { status: "progress", runId: "r1", threadId: "t1", tool: "grep" });
    live = subagentsFromStream(live, { status: "started", runId: "r3", threadId: "t3" });
    const merged = subagentsFromState(live, [run("r1", "running")]);
    expect(merged.map((e) => [e.key, e.status, e.tool])).toEqual([
      ["r3", "running", null],
      ["r1", "running", "grep"],
    ]);
    // Once the server says it finished, the live tool is gone.
    expect(subagentsFromState(merged, [run("r1", "completed")]).find((e) => e.key === "r1")?.tool).toBeNull();
  });

  // A delegated task's worker ends after the coordinator's stream: its last streamed word is "started".
  it("drops a live entry that belongs to a delegated task: the task shows it", () => {
    const live = subagentsFromStream([], { status: "started", runId: "w1", threadId: "tw1", subagent: "Researcher" });
    expect(subagentsFromState(live, [])).toHaveLength(1);
    expect(subagentsFromState(live, [], [{ childRunId: "w1", childThreadId: "tw1" }])).toEqual([]);
    expect(subagentsFromState(live, [], [{ childRunId: null, childThreadId: "tw1" }])).toEqual([]);
  });
});
