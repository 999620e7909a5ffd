import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import type { Actor } from "@/lib/identity/actor";
import { listVisibleSubagents, type AgentRow } from "@/lib/db/agents";
import { createChildThread, findChildThread } from "@/lib/db/threads";
import { createRun, finishRun, findActiveRun } from "@/lib/db/runs";
import { parseAgentConfig } from "@/lib/agent/config/config-schema";
import { prepareAgentRuntimeContext } from "@/lib/agent/runtime/prepare-context";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import type { AgentRunContext } from "@/lib/agent/run-context";
import { runStreamOptions } from "@/lib/agent/stream-options";
import { classifyModelError } from "@/lib/models/model-errors";
import { runUsage } from "@/lib/agent/run-usage";
import { trackRunWork } from "@/lib/agent/run-work";
import { usageTokens } from "@/lib/agent/ui-parts";

/** What the child graph offers the runner (lib/agent/graph.ts builds it; passed in, so no import cycle). */
export type ChildAgent = {
  streamRun(input: unknown, options: ReturnType<typeof runStreamOptions>): Promise<AsyncIterable<unknown>>;
  close(): Promise<void>;
  graph: { getState(config: { configurable: { thread_id: string } }): Promise<ChildState> };
};
type ChildState = { values: Record<string, unknown>; tasks: { interrupts?: unknown[] }[] };
export type BuildChildAgent = (ctx: AgentRuntimeContext, opts: { rootThreadId: string }) => Promise<ChildAgent>;

export type SubagentProgress = { tool?: string; todos?: { done: number; total: number } };

export type SubagentTask = {
  actor: Actor;
  /** The delegating run (its thread, the conversation root, its run id). */
  parent: AgentRunContext;
  /** The parent's model: the child's when its own configuration names none. */
  parentModelSpec: string;
  slug: string;
  description: string;
  /** A child thread returned by an earlier call: continue that conversation. */
  threadId?: string;
  signal?: AbortSignal;
  onStart?(child: { threadId: string; runId: string; name: string }): void;
  onProgress?(progress: SubagentProgress): void;
};

/** The child run's provider-reported tokens (its own run's figures, never the parent's). */
type SubagentTokens = { input: number; output: number };

export type SubagentResult =
  | { ok: true; threadId: string; runId: string; text: string; tokens?: SubagentTokens }
  | { ok: false; threadId?: string; runId?: string; error: string; tokens?: SubagentTokens };

/** Child threads with a task running in this process: one task at a time per child conversation. */
const busy = new Set<string>();

/**
 * Runs one delegated task: the subagent's own graph on its own child thread (a new
 * one, or `threadId` to continue), in the parent's workdir, with an `agent_runs` row of type
 * `subagent` under the parent run. The subagent is looked up again here (the actor may no
 * longer see it). Failures come back as readable errors; only the parent's cancellation throws.
 */
export async function runSubagent(task: SubagentTask, build: BuildChildAgent): Promise<SubagentResult> {
  const { actor, parent } = task;
  const row = (await listVisibleSubagents(actor)).find((a) => a.slug === task.slug);
  if (!row) return { ok: false, error: `No subagent "${task.slug}" is available to you.` };
  if (task.threadId) {
    const child = await findChildThread(actor, task.threadId, parent.rootThreadId);
    if (!child) return { ok: false, error: `There is no subagent conversation ${task.threadId} in this chat.` };
    if (child.agentId !== row.id)
      return {
        ok: false,
        threadId: task.threadId,
        error: `Conversation ${task.threadId} belongs to another subagent, not "${task.slug}".`,
      };
  }
  return runChildAgent({ ...task, worker: row }, build);
}

export type ChildTask = Omit<SubagentTask, "slug"> & {
  /** The agent that does the work, run with a subagent's chain (no delegation, no questions to the user). */
  worker: AgentRow;
  /** Retrying after the worker died: continue the child thread from its checkpoint instead of sending the task again. */
  resume?: boolean;
};

/**
 * The child run itself, for `task` and the coordinator's delegated tasks: the worker is already
 * resolved and allowed. The parent run's end waits for it (a stopped parent saves its end after
 * its children have saved theirs).
 */
export function runChildAgent(task: ChildTask, build: BuildChildAgent): Promise<SubagentResult> {
  return trackRunWork(task.parent.runId, childRun(task, build));
}

async function childRun(task: ChildTask, build: BuildChildAgent): Promise<SubagentResult> {
  const { actor, parent } = task;
  const row = { ...task.worker, isSubagent: true };
  let threadId = task.threadId;
  if (threadId && (busy.has(threadId) || (await findActiveRun(actor, threadId))))
    return { ok: false, threadId, error: `Subagent conversation ${threadId} is still working on an earlier task.` };

  let ctx: AgentRuntimeContext;
  try {
    const modelSpec = parseAgentConfig(row.config).model || task.parentModelSpec;
    ctx = await prepareAgentRuntimeContext(actor, row, { modelSpec });
  } catch (err) {
    return { ok: false, threadId, error: `Subagent "${row.slug}" could not start: ${(err as Error).message}` };
  }
  if (!threadId) {
    const title = task.description.split("\n")[0].slice(0, 120);
    const child = await createChildThread(actor, {
      parentThreadId: parent.threadId,
      rootThreadId: parent.rootThreadId,
      agentId: row.id,
      title,
      modelSpec: ctx.modelSpec,
    });
    threadId = child.id;
  }
  busy.add(threadId);
  const run = await createRun(actor, {
    threadId,
    agentId: row.id,
    modelSpec: ctx.modelSpec,
    runType: "subagent",
    parentRunId: parent.runId,
  }).catch((err) => {
    busy.delete(threadId!);
    throw err;
  });
  task.onStart?.({ threadId, runId: run.id, name: row.name });
  let values: Record<string, unknown> | undefined;
  let agent: ChildAgent | undefined;
  try {
    agent = await build(ctx, { rootThreadId: parent.rootThreadId });
    const options = runStreamOptions(ctx, {
      threadId,
      runId: run.id,
      signal: task.signal,
      rootThreadId: parent.rootThreadId,
    });
    const started =
      task.resume &&
      ((await agent.graph.getState({ configurable: { thread_id: threadId } })).values.messages as unknown[] | undefined)
        ?.length;
    // Resuming: null input continues from the checkpoint (the model call the dead worker was making).
    const input = started ? null : { messages: [new HumanMessage(task.description)] };
    // Outside the parent's runnable context: otherwise the child would inherit the parent's
    // callbacks (its tokens would stream into the parent's answer) and its graph internals.
    await AsyncLocalStorageProviderSingleton.getInstance().run(undefined, async () => {
      const stream = await agent!.streamRun(input, { ...options, streamMode: ["values"] });
      for await (const event of stream) {
        const [, state] = event as [string, Record<string, unknown>];
        values = state;
        task.onProgress?.(progressOf(state));
      }
    });
    const state = await agent.graph.getState({ configurable: { thread_id: threadId } });
    values = state.values ?? values;
    const usage = runUsage(values, run.id, ctx.modelSpec, "");
    if (state.tasks.some((t) => (t.interrupts ?? []).length > 0)) {
      await finishRun(actor, run.id, { status: "interrupted", tokenUsage: usage });
      return {
        ok: false,
        threadId,
        runId: run.id,
        ...tokensOf(usage),
        error:
          "The subagent stopped to ask the user for approval, which a delegated task cannot do yet. " +
          "Do that step yourself, or ask the user to allow the tool for this subagent.",
      };
    }
    await finishRun(actor, run.id, { status: "completed", tokenUsage: usage });
    const text = finalText((values?.messages ?? []) as BaseMessage[]);
    return {
      ok: true,
      threadId,
      runId: run.id,
      text: text || "(The subagent finished without a written answer.)",
      ...tokensOf(usage),
    };
  } catch (err) {
    const usage = runUsage(values, run.id, ctx.modelSpec, "");
    const aborted = task.signal?.aborted || classifyModelError(err).aborted;
    const message = classifyModelError(err).message.slice(0, 500);
    await finishRun(actor, run.id, {
      status: aborted ? "cancelled" : "failed",
      tokenUsage: usage,
      error: aborted ? null : { code: "subagent_failed", message },
    });
    if (aborted) throw err;
    return {
      ok: false,
      threadId,
      runId: run.id,
      error: `Subagent "${row.slug}" failed: ${message}`,
      ...tokensOf(usage),
    };
  } finally {
    busy.delete(threadId);
    await agent?.close().catch(() => undefined);
  }
}

function tokensOf(usage: Record<string, unknown> | null): { tokens?: SubagentTokens } {
  const tokens = usageTokens(usage);
  return tokens ? { tokens } : {};
}

/** The child's current tool (its last message's calls) and plan, for the parent's progress part. */
function progressOf(state: Record<string, unknown>): SubagentProgress {
  const last = ((state.messages ?? []) as BaseMessage[]).at(-1);
  const tool = last && AIMessage.isInstance(last) ? last.tool_calls?.at(-1)?.name : undefined;
  const todos = (state.todos ?? []) as { status?: string }[];
  return {
    ...(tool ? { tool } : {}),
    ...(todos.length
      ? { todos: { done: todos.filter((t) => t.status === "completed").length, total: todos.length } }
      : {}),
  };
}

/** The child's answer: the text of its last AI message. */
function finalText(messages: BaseMessage[]): string {
  const last = messages.findLast((m) => AIMessage.isInstance(m));
  return last ? last.text.trim() : "";
}
