import { ACTIVE_RUN_STATUSES, type MeridianUIMessage, type ThreadStatus } from "@/components/api/types";
import type { RunStatusData, TodoItem, TokenUsageState } from "@/lib/agent/ui-parts";
import { WRITE_TODOS } from "@/lib/agent/tools/names";
import { asToolPart, getToolName, todosFromInput, type AnyToolPart } from "./tool-part";

/**
 * The live state of a thread's run, derived once from the status panel's state and the
 * streamed messages, so the plan card, the panel, the composer and the sidebar never disagree.
 */

/** How a todo is shown: its own status, or `stopped` for a step left in progress by a run that ended. */
export type PlanItemStatus = TodoItem["status"] | "stopped";
type PlanItem = { content: string; status: PlanItemStatus };
export type PlanView = { items: PlanItem[]; done: number; total: number };

/** A run that ended without finishing its work: a step it left in progress did not go on. */
const STOPPED_RUN_STATUSES: readonly string[] = ["cancelled", "failed"];

/** A `write_todos` call whose input has fully arrived (its count is final); refused or failed calls changed nothing. */
export function isSettledPlanCall(part: AnyToolPart): boolean {
  return (
    getToolName(part) === WRITE_TODOS &&
    part.state !== "input-streaming" &&
    part.state !== "output-error" &&
    part.state !== "output-denied"
  );
}

/** The message's latest complete `write_todos` call, if it made one. */
export function latestPlanCallOf(message: MeridianUIMessage | undefined): AnyToolPart | null {
  if (message?.role !== "assistant") return null;
  for (let i = message.parts.length - 1; i >= 0; i--) {
    const tool = asToolPart(message.parts[i]);
    if (tool && isSettledPlanCall(tool)) return tool;
  }
  return null;
}

/** The plan the message's latest complete `write_todos` call wrote, or null when it wrote none. */
export function latestPlanOf(message: MeridianUIMessage | undefined): TodoItem[] | null {
  const call = latestPlanCallOf(message);
  return call ? todosFromInput(call.input) : null;
}

export function planView(todos: TodoItem[], runStopped: boolean): PlanView {
  const items = todos.map((todo) => ({
    content: todo.content,
    status: runStopped && todo.status === "in_progress" ? ("stopped" as const) : todo.status,
  }));
  return { items, done: items.filter((item) => item.status === "completed").length, total: items.length };
}

export function isStoppedRun(status: string | undefined): boolean {
  return !!status && STOPPED_RUN_STATUSES.includes(status);
}

export type RunDisplayStatus = "idle" | "pending" | "running" | "completed" | "failed" | "cancelled" | "interrupted";

export type LiveRun = {
  status: RunDisplayStatus;
  /** A run is going on (or a message was sent and its run has not reported yet). */
  active: boolean;
  plan: PlanView;
  /** The run has sent its context but no model call has reported usage yet. */
  awaitingUsage: boolean;
  /** What the sidebar shows for this thread. */
  threadStatus: ThreadStatus;
};

export function deriveLiveRun({
  run,
  todos,
  tokenUsage,
  messages,
  busy,
}: {
  run: RunStatusData | null;
  todos: TodoItem[];
  tokenUsage: TokenUsageState | null;
  messages: MeridianUIMessage[];
  busy: boolean;
}): LiveRun {
  const status = (run?.status ?? (busy ? "pending" : "idle")) as RunDisplayStatus;
  const active = busy || ACTIVE_RUN_STATUSES.includes(status);
  // The streamed answer is ahead of the panel's state: its plan counts as soon as the call's input is complete.
  const last = messages.at(-1);
  const plan = planView(latestPlanOf(last) ?? todos, !active && isStoppedRun(status));
  const runBuckets = tokenUsage?.run ? Object.keys(tokenUsage.run.buckets).length : 0;
  return {
    status,
    active,
    plan,
    awaitingUsage: active && runBuckets === 0,
    threadStatus: active ? "running" : status === "interrupted" ? "interrupted" : "idle",
  };
}
