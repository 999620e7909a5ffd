import { registerJobHandler } from "@/lib/jobs/runner";
import type { ClaimedJob } from "@/lib/db/jobs";
import type { JobContext } from "@/lib/jobs/runner";
import { toActor, type Actor } from "@/lib/identity/actor";
import { findActiveUserById } from "@/lib/db/users";
import { findThread, type ThreadRow } from "@/lib/db/threads";
import { getDefaultAgent, getVisibleAgent, listVisibleSubagents, type AgentRow } from "@/lib/db/agents";
import { findActiveRun, finishRun } from "@/lib/db/runs";
import {
  finishTask,
  getTaskForJob,
  markTaskRunning,
  setTaskChild,
  setTaskProgress,
  type DelegatedTaskRow,
} from "@/lib/db/delegated-tasks";
import { rootOf } from "@/lib/files/thread-workdir";
import { runChildAgent, type BuildChildAgent, type SubagentProgress } from "@/lib/agent/subagents/run-subagent";
import { broadcastAbort, handleAborts } from "@/lib/redis/abort-broadcast";

/**
 * Runs a coordinator's delegated task as a job of the one job runner: the task row says
 * what to do, the job's group (the coordinating chat) is its semaphore, and its lease lets
 * another worker take over a task whose worker died (attempt 2 continues the child thread from
 * its checkpoint). The timeout counts from the task's first start, so it holds across restarts.
 */

export const DELEGATED_TASK_JOB = "delegated-task";
/** Attempts per task: the first, and one more if its worker dies. */
export const TASK_ATTEMPTS = 2;

/**
 * Tasks running in this process: stopping one aborts it at once (other instances notice at their
 * next lease renewal). On globalThis: Next.js may load this module once per bundle (the route
 * that stops a task and the runner that runs it), and both must see the same map.
 */
const liveKey = Symbol.for("meridian.liveDelegatedTasks");
const g = globalThis as typeof globalThis & { [liveKey]?: Map<string, AbortController> };
const live = (g[liveKey] ??= new Map());

class TaskTimeout extends Error {
  constructor(ms: number) {
    super(`The task timed out after ${Math.round(ms / 1000)} s.`);
    this.name = "TaskTimeout";
  }
}

function abortLocalTask(taskId: string): void {
  live.get(taskId)?.abort(new Error("The task was stopped."));
}

/**
 * Aborts a stopped task's worker at once: here, and through Redis on the instance that runs it
 * (without Redis, another instance notices at its next lease renewal).
 */
export async function abortTaskWorker(taskId: string): Promise<void> {
  abortLocalTask(taskId);
  await broadcastAbort("task", taskId).catch((err) =>
    console.error(`[task ${taskId}] asking the other instances to stop it failed:`, (err as Error).message),
  );
}

export function registerDelegatedTaskJob(build: BuildChildAgent): void {
  handleAborts("task", abortLocalTask);
  registerJobHandler(DELEGATED_TASK_JOB, {
    concurrency: Number(process.env.COORDINATOR_WORKERS || 16),
    serializedClaims: true,
    run: (job, ctx) => runTask(job, ctx, build),
    async onFailed(job, error) {
      const taskId = String(job.payload.taskId ?? "");
      await finishTask(taskId, { status: "failed", error });
    },
  });
}

async function runTask(job: ClaimedJob, ctx: JobContext, build: BuildChildAgent): Promise<void> {
  const taskId = String(job.payload.taskId ?? "");
  const task = await getTaskForJob(taskId);
  if (!task || (task.status !== "queued" && task.status !== "running")) return; // stopped, or gone with its chat
  const found = await resolve(task);
  if ("error" in found) {
    await finishTask(taskId, { status: "failed", error: found.error });
    return;
  }
  const { actor, thread, worker } = found;
  const running = await markTaskRunning(taskId);
  if (!running) return;
  const remaining = running.startedAt!.getTime() + running.timeoutMs - Date.now();
  if (remaining <= 0) {
    await finishTask(taskId, { status: "timed_out", error: new TaskTimeout(running.timeoutMs).message });
    return;
  }
  // A retry after a worker died: its child run was left running; end it, then continue its thread.
  if (running.childThreadId && running.childRunId) {
    const active = await findActiveRun(actor, running.childThreadId);
    if (active?.id === running.childRunId)
      await finishRun(actor, active.id, {
        status: "failed",
        error: { code: "worker_lost", message: "The worker running this task stopped; another took over." },
      });
  }

  const controller = new AbortController();
  live.set(taskId, controller);
  const timer = setTimeout(() => controller.abort(new TaskTimeout(running.timeoutMs)), remaining);
  const onJobAbort = () => controller.abort(ctx.signal.reason);
  ctx.signal.addEventListener("abort", onJobAbort, { once: true });
  const progress = progressWriter(taskId);
  try {
    const result = await runChildAgent(
      {
        actor,
        parent: {
          userId: actor.id,
          threadId: thread.id,
          rootThreadId: rootOf(thread),
          runId: running.parentRunId ?? "",
          agentId: thread.agentId,
        },
        parentModelSpec: running.modelSpec,
        worker,
        description: running.description,
        threadId: running.childThreadId ?? undefined,
        resume: Boolean(running.childThreadId),
        signal: controller.signal,
        onStart: (child) =>
          void setTaskChild(taskId, { childThreadId: child.threadId, childRunId: child.runId }).catch(() => {}),
        onProgress: progress.write,
      },
      build,
    );
    await progress.flush();
    if (result.ok) await finishTask(taskId, { status: "completed", result: result.text });
    else await finishTask(taskId, { status: "failed", error: result.error });
  } catch (err) {
    await progress.flush();
    const reason = controller.signal.reason;
    if (reason instanceof TaskTimeout) await finishTask(taskId, { status: "timed_out", error: reason.message });
    else if (ctx.signal.aborted)
      throw err; // the runner stopped or lost the lease: the job is handed on
    else if (!controller.signal.aborted) await finishTask(taskId, { status: "failed", error: (err as Error).message });
    // Stopped by the user: the task row already says so.
  } finally {
    clearTimeout(timer);
    live.delete(taskId);
    ctx.signal.removeEventListener("abort", onJobAbort);
  }
}

/** The task's user (still active), chat and worker (still visible to that user), checked again as the job starts. */
async function resolve(
  task: DelegatedTaskRow,
): Promise<{ actor: Actor; thread: ThreadRow; worker: AgentRow } | { error: string }> {
  const user = await findActiveUserById(task.userId);
  if (!user) return { error: "The account that delegated this task is no longer active." };
  const actor = toActor(user);
  const thread = await findThread(actor, task.threadId);
  if (!thread) return { error: "The chat that delegated this task no longer exists." };
  const worker = task.agentSlug
    ? (await listVisibleSubagents(actor)).find((a) => a.slug === task.agentSlug)
    : thread.agentId
      ? await getVisibleAgent(actor, thread.agentId)
      : await getDefaultAgent(actor);
  if (!worker) return { error: `The agent "${task.agentSlug ?? task.agentName}" is no longer available.` };
  return { actor, thread, worker };
}

/** Progress goes to the task row at most every 500 ms (the status panel polls it), and once more at the end. */
function progressWriter(taskId: string) {
  let latest: SubagentProgress | null = null;
  let written = 0;
  let pending: Promise<void> = Promise.resolve();
  const save = () => {
    const value = latest;
    latest = null;
    written = Date.now();
    if (value) pending = pending.then(() => setTaskProgress(taskId, value).catch(() => {}));
  };
  return {
    write(progress: SubagentProgress) {
      latest = progress;
      if (Date.now() - written >= 500) save();
    },
    async flush() {
      save();
      await pending;
    },
  };
}
