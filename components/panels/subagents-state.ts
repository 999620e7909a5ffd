import type { SubagentData, ThreadStateResponse } from "@/components/api/types";
import { usageTokens } from "@/lib/agent/ui-parts";

type SubagentRun = ThreadStateResponse["subagentRuns"][number];

/** One delegated task in the status panel: read from the thread's state, then patched by `data-subagent` parts. */
export type SubagentEntry = {
  /** The child run's id (the stream's part id until the run exists). */
  key: string;
  runId: string | null;
  threadId: string | null;
  name: string | null;
  title: string;
  status: "running" | "completed" | "failed" | "cancelled" | "interrupted";
  /** What the child is doing now (live only). */
  tool: string | null;
  todos: { done: number; total: number } | null;
  startedAt: number | null;
  durationMs: number | null;
  tokens: { input: number; output: number } | null;
  error: string | null;
};

const RUN_STATUS: Record<string, SubagentEntry["status"]> = {
  pending: "running",
  running: "running",
  completed: "completed",
  failed: "failed",
  cancelled: "cancelled",
  interrupted: "interrupted",
};

function fromRun(run: SubagentRun): SubagentEntry {
  const started = Date.parse(run.createdAt);
  const finished = run.finishedAt ? Date.parse(run.finishedAt) : null;
  return {
    key: run.id,
    runId: run.id,
    threadId: run.threadId,
    name: run.agentName,
    title: run.title,
    status: RUN_STATUS[run.status] ?? "failed",
    tool: null,
    todos: null,
    startedAt: started,
    durationMs: finished !== null ? finished - started : null,
    tokens: usageTokens(run.tokenUsage),
    error: run.error?.message ?? null,
  };
}

/**
 * The server's list (newest first) wins for what it knows; a task the stream still reports as
 * running keeps its live tool and plan, and one the server has not listed yet stays on top.
 * A coordinator's delegated task is shown with the task (`tasks`), never here: its worker often
 * ends after the chat's stream, whose last word about it may have been "started".
 */
export function subagentsFromState(
  current: SubagentEntry[],
  runs: SubagentRun[] | undefined,
  tasks: { childRunId: string | null; childThreadId: string | null }[] = [],
): SubagentEntry[] {
  const listed = (runs ?? []).map((run) => {
    const entry = fromRun(run);
    const live = current.find((c) => c.runId === run.id);
    return live && entry.status === "running" ? { ...entry, tool: live.tool, todos: live.todos } : entry;
  });
  const ofTask = (c: SubagentEntry) =>
    tasks.some((t) => (c.runId && t.childRunId === c.runId) || (c.threadId && t.childThreadId === c.threadId));
  const unlisted = current.filter((c) => c.status === "running" && !listed.some((l) => l.key === c.key) && !ofTask(c));
  return [...unlisted, ...listed];
}

/** One streamed `data-subagent` part applied to the list (`partId` keys a task that failed before it had a run). */
export function subagentsFromStream(current: SubagentEntry[], data: SubagentData, partId?: string): SubagentEntry[] {
  const key = data.runId ?? partId ?? data.threadId;
  if (!key) return current;
  const previous = current.find((c) => c.key === key);
  const next: SubagentEntry = {
    key,
    runId: data.runId ?? previous?.runId ?? null,
    threadId: data.threadId ?? previous?.threadId ?? null,
    name: data.subagent ?? previous?.name ?? null,
    title: previous?.title || (data.description ?? "").split("\n")[0],
    status: data.status === "started" || data.status === "progress" ? "running" : data.status,
    tool: data.status === "progress" ? (data.tool ?? null) : null,
    todos: data.todos ?? previous?.todos ?? null,
    startedAt: previous?.startedAt ?? Date.now(),
    durationMs: data.durationMs ?? previous?.durationMs ?? null,
    tokens: data.tokens ?? previous?.tokens ?? null,
    error: data.status === "failed" ? (data.message ?? null) : null,
  };
  return previous ? current.map((c) => (c.key === key ? next : c)) : [next, ...current];
}
