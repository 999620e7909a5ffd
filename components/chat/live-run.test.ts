import { describe, expect, it } from "vitest";
import type { MeridianUIMessage } from "@/components/api/types";
import type { TodoItem, TokenUsageState } from "@/lib/agent/ui-parts";
import { emptyAggregate } from "@/lib/agent/usage-aggregate";
import { deriveLiveRun, latestPlanOf, planView } from "./live-run";

const THREE: TodoItem[] = [
  { content: "Read", status: "completed" },
  { content: "Draft", status: "in_progress" },
  { content: "Check", status: "pending" },
];

type State = "input-streaming" | "input-available" | "output-available" | "output-error";

function planCall(id: string, state: State, todos: unknown): MeridianUIMessage["parts"][number] {
  return { type: "dynamic-tool", toolName: "write_todos", toolCallId: id, state, input: { todos } } as never;
}

function answer(...parts: MeridianUIMessage["parts"]): MeridianUIMessage {
  return { id: "a1", role: "assistant", parts } as MeridianUIMessage;
}

const question: MeridianUIMessage = { id: "u1", role: "user", parts: [{ type: "text", text: "Plan" }] };
const base = { run: null, todos: [], tokenUsage: null, messages: [question], busy: false };

describe("the plan", () => {
  it("counts only a write_todos call whose input has fully arrived", () => {
    const streaming = answer(planCall("c1", "input-streaming", THREE.slice(0, 2)));
    expect(latestPlanOf(streaming)).toBeNull();
    const arrived = answer(planCall("c1", "input-available", THREE));
    expect(latestPlanOf(arrived)).toEqual(THREE);
    // A second call still streaming leaves the first one's plan in place.
    const second = answer(planCall("c1", "output-available", THREE), planCall("c2", "input-streaming", [THREE[0]]));
    expect(latestPlanOf(second)).toEqual(THREE);
    // A call that failed changed nothing.
    expect(latestPlanOf(answer(planCall("c1", "output-error", [THREE[0]])))).toBeNull();
  });

  it("is the streamed answer's plan while the panel's state has not caught up, else the panel's", () => {
    const streamed = deriveLiveRun({
      ...base,
      busy: true,
      run: { runId: "r1", status: "running" },
      messages: [question, answer(planCall("c1", "input-available", THREE))],
    });
    expect(streamed.plan).toMatchObject({ done: 1, total: 3 });
    const fromState = deriveLiveRun({ ...base, todos: THREE.slice(0, 2) });
    expect(fromState.plan).toMatchObject({ done: 1, total: 2 });
    // A new question: the answer has no plan yet, the thread's plan stays.
    const next = deriveLiveRun({ ...base, busy: true, todos: THREE, messages: [question] });
    expect(next.plan.total).toBe(3);
  });

  it("shows a step left in progress as stopped once the run was cancelled or failed, never while it runs", () => {
    for (const status of ["cancelled", "failed"] as const) {
      const live = deriveLiveRun({ ...base, todos: THREE, run: { runId: "r1", status } });
      expect(live.plan.items.map((item) => item.status)).toEqual(["completed", "stopped", "pending"]);
    }
    const running = deriveLiveRun({ ...base, busy: true, todos: THREE, run: { runId: "r1", status: "running" } });
    expect(running.plan.items[1].status).toBe("in_progress");
    const waiting = deriveLiveRun({ ...base, todos: THREE, run: { runId: "r1", status: "interrupted" } });
    expect(waiting.plan.items[1].status).toBe("in_progress");
    expect(planView(THREE, true).done).toBe(1);
  });
});

describe("the run", () => {
  const usage = (calls: number): TokenUsageState => ({
    context: null,
    latest: null,
    run: {
      ...emptyAggregate(),
      runId: "r1",
      buckets: calls
        ? {
            "demo:demo-chat": {
              spec: "demo:demo-chat",
              inputTokens: 10,
              outputTokens: 2,
              totalTokens: 12,
              cacheReadTokens: 0,
              cacheReportedInputTokens: 0,
              reasoningTokens: 0,
              cacheHitRatio: null,
              calls,
              callsWithCacheInfo: 0,
              responseModels: [],
            },
          }
        : {},
    },
    thread: emptyAggregate(),
  });

  it("is pending from the send until the stream reports it, and the sidebar shows it running", () => {
    const live = deriveLiveRun({ ...base, busy: true });
    expect(live).toMatchObject({ status: "pending", active: true, threadStatus: "running" });
    expect(deriveLiveRun(base)).toMatchObject({ status: "idle", active: false, threadStatus: "idle" });
    const interrupted = deriveLiveRun({ ...base, run: { runId: "r1", status: "interrupted" } });
    expect(interrupted.threadStatus).toBe("interrupted");
    const done = deriveLiveRun({ ...base, run: { runId: "r1", status: "completed" } });
    expect(done).toMatchObject({ active: false, threadStatus: "idle" });
  });

  it("waits for the first model reply's usage instead of saying there were no calls", () => {
    const running = { ...base, busy: true, run: { runId: "r1", status: "running" as const } };
    expect(deriveLiveRun({ ...running, tokenUsage: usage(0) }).awaitingUsage).toBe(true);
    expect(deriveLiveRun({ ...running, tokenUsage: null }).awaitingUsage).toBe(true);
    expect(deriveLiveRun({ ...running, tokenUsage: usage(1) }).awaitingUsage).toBe(false);
    expect(deriveLiveRun({ ...base, tokenUsage: usage(0) }).awaitingUsage).toBe(false);
  });
});
