import type { Actor } from "@/lib/identity/actor";
import { requireThread } from "@/lib/db/threads";
import { listRuns, listSubagentRuns, toRunView, type RunView, type SubagentRunView } from "@/lib/db/runs";
import { getCheckpointer } from "@/lib/agent/checkpointer";
import { usageTokens, type TodoItem, type TokenUsageState } from "@/lib/agent/ui-parts";
import type { InterruptPartData } from "@/lib/agent/interrupt-payloads";
import { firstPendingInterrupt } from "./pending-interrupt";
import { listThreadAttachments } from "@/lib/db/attachments";
import { uploadPathOf } from "@/lib/workspace/upload-path";
import { rootOf } from "@/lib/files/thread-workdir";
import { listDelegatedTasks, toTaskView, type DelegatedTaskView } from "@/lib/db/delegated-tasks";

/** A file the user attached to the conversation (the status panel's "Files"). */
type AttachedFile = { name: string; path: string; size: number; mediaType: string; createdAt: string };

export type ThreadState = {
  todos: TodoItem[];
  tokenUsage: TokenUsageState | null;
  activatedSkills: string[];
  files: AttachedFile[];
  artifacts: unknown[];
  subagentRuns: SubagentRunView[];
  /** Coordinator mode: whether it is on for this chat, and the tasks it delegated (newest first). */
  coordinator: boolean;
  delegatedTasks: DelegatedTaskView[];
  runs: RunView[];
  activeRun: { id: string; status: string } | null;
  /** What the thread's interrupted latest run waits for (the form to answer), else null. */
  interrupt: InterruptPartData | null;
};

/** The agent state the status panel shows, read from the thread's latest checkpoint (owner only). */
export async function getThreadState(actor: Actor, threadId: string): Promise<ThreadState> {
  const thread = await requireThread(actor, threadId);
  const rootThreadId = rootOf(thread);
  const tuple = await (await getCheckpointer()).getTuple({ configurable: { thread_id: threadId } });
  const values = (tuple?.checkpoint.channel_values ?? {}) as Record<string, unknown>;
  const [runs, subagentRuns, tasks] = await Promise.all([
    listRuns(actor, threadId).then((rows) => rows.map(toRunView)),
    listSubagentRuns(actor, threadId),
    listDelegatedTasks(actor, threadId),
  ]);
  const taskThreads = new Set(tasks.map((t) => t.childThreadId).filter(Boolean));
  const active = runs.find((r) => r.status === "running" || r.status === "pending" || r.status === "interrupted");
  const latest = runs.find((r) => r.runType !== "subagent");
  const pending = latest?.status === "interrupted" ? await firstPendingInterrupt(threadId) : null;
  return {
    todos: (values.todos as TodoItem[] | undefined) ?? [],
    tokenUsage: (values.tokenUsage as TokenUsageState | undefined) ?? null,
    activatedSkills: (values.activatedSkills as string[] | undefined) ?? [],
    files: (await listThreadAttachments(actor, rootThreadId)).map((a) => ({
      name: a.originalName,
      path: uploadPathOf(rootThreadId, a.storedName),
      size: a.size,
      mediaType: a.mediaType,
      createdAt: a.createdAt.toISOString(),
    })),
    artifacts: (values.artifacts as unknown[] | undefined) ?? [],
    // A delegated task's worker runs are shown with the task (with their tokens), not again as subagents.
    subagentRuns: subagentRuns.filter((r) => !taskThreads.has(r.threadId)),
    coordinator: thread.coordinator,
    delegatedTasks: tasks.map((t) =>
      toTaskView(t, usageTokens(subagentRuns.find((r) => r.id === t.childRunId)?.tokenUsage)),
    ),
    runs: runs.filter((r) => r.runType !== "subagent"),
    activeRun: active ? { id: active.id, status: active.status } : null,
    interrupt: latest && pending ? { ...pending.request, runId: latest.id, interruptId: pending.id } : null,
  };
}
