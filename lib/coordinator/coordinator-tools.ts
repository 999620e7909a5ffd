import { tool } from "@langchain/core/tools";
import { z } from "zod";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { runContextOf, type AgentRunContext } from "@/lib/agent/run-context";
import { toolMetadata } from "@/lib/agent/tools/tool-properties";
import { enqueueJob } from "@/lib/jobs/runner";
import {
  countOpenTasks,
  findDelegatedTasks,
  insertDelegatedTask,
  setTaskJob,
  stopDelegatedTask,
  type DelegatedTaskRow,
} from "@/lib/db/delegated-tasks";
import { abortTaskWorker, DELEGATED_TASK_JOB, TASK_ATTEMPTS } from "./task-job";
import { coordinatorLimits } from "./limits";
import { describeTask, synthesisReport } from "./task-report";

const MAX_DESCRIPTION_CHARS = 20_000;
const META = toolMetadata({ sideEffect: "conversation", mainAgentOnly: true, middlewareOwned: true });

/**
 * Coordinator mode's meta-tools (docs/ARCHITECTURE.md, "Subagents and coordinator").
 * `delegate_task` queues a task row and its job and returns at once; the job runner works through
 * the chat's tasks a few at a time (the semaphore). `check_task` never blocks, `task_stop` is
 * idempotent and aborts the worker's in-flight call, and `synthesize` waits for a set of tasks up
 * to a deadline and reports each outcome, failures and time-outs included, without throwing.
 */
export function coordinatorTools(ctx: AgentRuntimeContext) {
  const limits = coordinatorLimits();
  const slugs = ctx.visibleSubagents.map((s) => s.slug);
  const list = ctx.visibleSubagents.map((s) => `- ${s.slug}: ${s.name}${s.description ? ` — ${s.description}` : ""}`);
  const need = (config: { context?: unknown }): AgentRunContext | string =>
    runContextOf(config) ?? "Error: coordinator tools can only run inside a conversation.";

  const delegate = tool(
    async ({ description, agent }, config) => {
      const run = need(config);
      if (typeof run === "string") return run;
      if ((await countOpenTasks(ctx.actor, run.threadId)) >= limits.maxOpen)
        return `Error: this chat already has ${limits.maxOpen} unfinished tasks. Wait for some with synthesize, or stop some.`;
      if ((await countOpenTasks(ctx.actor)) >= limits.maxOpenPerUser)
        return `Error: the user already has ${limits.maxOpenPerUser} unfinished tasks across their chats, the most one person may. Wait for some with synthesize, or stop some.`;
      const worker = agent ? ctx.visibleSubagents.find((s) => s.slug === agent) : null;
      if (agent && !worker) return `Error: no agent "${agent}" is available to you.`;
      const task = await insertDelegatedTask(ctx.actor, {
        threadId: run.threadId,
        parentRunId: run.runId,
        agentSlug: worker?.slug ?? null,
        agentName: worker?.name ?? ctx.agent.name,
        description,
        modelSpec: ctx.modelSpec,
        timeoutMs: limits.timeoutMs,
      });
      const job = await enqueueJob({
        kind: DELEGATED_TASK_JOB,
        payload: { taskId: task.id },
        groupKey: `coordinator:${run.threadId}`,
        groupLimit: limits.concurrency,
        maxAttempts: TASK_ATTEMPTS,
      });
      await setTaskJob(task.id, job.id);
      return (
        `task_id: ${task.id}\n` +
        `Queued for ${task.agentName}. At most ${limits.concurrency} tasks of this chat run at once. ` +
        "Check it with check_task, or wait for several with synthesize."
      );
    },
    {
      name: "delegate_task",
      description:
        "Coordinator mode: hand a self-contained task to a worker and get its task id at once, without waiting. " +
        "The worker does not see this conversation: put everything it needs in `description`. Delegate independent " +
        "tasks one after another, then gather them with synthesize. Without `agent`, a worker with your own " +
        `configuration does it.${list.length ? `\nAgents:\n${list.join("\n")}` : ""}`,
      schema: z.object({
        description: z.string().min(1).max(MAX_DESCRIPTION_CHARS).describe("The task, with all the context it needs"),
        ...(slugs.length
          ? {
              agent: z
                .enum(slugs as [string, ...string[]])
                .optional()
                .describe("Which agent does it"),
            }
          : {}),
      }) as z.ZodType<{ description: string; agent?: string }>,
      metadata: META,
    },
  );

  const check = tool(
    async ({ task_id }, config) => {
      const run = need(config);
      if (typeof run === "string") return run;
      const [task] = await findDelegatedTasks(ctx.actor, run.threadId, [task_id]);
      return task ? describeTask(task, { withResult: true }) : `Error: there is no task ${task_id} in this chat.`;
    },
    {
      name: "check_task",
      description: "Coordinator mode: a task's current state (and its result once done). Never waits.",
      schema: z.object({ task_id: z.string().min(1).max(100) }),
      metadata: META,
    },
  );

  const stop = tool(
    async ({ task_id }, config) => {
      const run = need(config);
      if (typeof run === "string") return run;
      const outcome = await stopDelegatedTask(ctx.actor, run.threadId, task_id);
      if (!outcome) return `Error: there is no task ${task_id} in this chat.`;
      if (outcome.stopped) await abortTaskWorker(task_id);
      return outcome.stopped
        ? `Task ${task_id} stopped.`
        : `Task ${task_id} had already ended (${outcome.task.status.replace("_", " ")}); nothing to stop.`;
    },
    {
      name: "task_stop",
      description:
        "Coordinator mode: stop a task now (its worker's current model or tool call is aborted). Safe to repeat.",
      schema: z.object({ task_id: z.string().min(1).max(100) }),
      metadata: META,
    },
  );

  const synthesize = tool(
    async ({ task_ids, deadline_seconds }, config) => {
      const run = need(config);
      if (typeof run === "string") return run;
      const ids = [...new Set(task_ids)];
      const until = Date.now() + (deadline_seconds ?? limits.synthesizeDefaultSeconds) * 1000;
      let rows: DelegatedTaskRow[] = [];
      for (;;) {
        rows = await findDelegatedTasks(ctx.actor, run.threadId, ids);
        const open = rows.some((r) => r.status === "queued" || r.status === "running");
        if (!open || Date.now() >= until || config.signal?.aborted) break;
        await sleep(Math.min(limits.pollMs, Math.max(0, until - Date.now())), config.signal);
      }
      if (config.signal?.aborted) throw config.signal.reason ?? new Error("Cancelled.");
      return synthesisReport(ids, rows);
    },
    {
      name: "synthesize",
      description:
        "Coordinator mode: wait for the given tasks (up to `deadline_seconds`) and get every result in one report. " +
        "Failed, stopped and timed-out tasks are reported, never thrown; tasks still running at the deadline are " +
        "listed as such and keep running.",
      schema: z.object({
        task_ids: z.array(z.string().min(1).max(100)).min(1).max(50),
        deadline_seconds: z.number().int().min(1).max(limits.synthesizeMaxSeconds).optional(),
      }),
      metadata: META,
    },
  );

  return [delegate, check, stop, synthesize];
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
