import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import type { UIMessageChunk } from "ai";
import type { Actor } from "@/lib/identity/actor";
import type { RunStatus } from "@/lib/db/schema";
import { endRunWrites, finishRun } from "@/lib/db/runs";
import { saveMessage } from "@/lib/db/messages";
import { touchThread } from "@/lib/db/threads";
import { buildChatbotAgent, runStreamOptions, type ChatbotAgent } from "@/lib/agent/graph";
import { agentUIChunks, type AgentStreamOutcome } from "@/lib/agent/stream";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { emitPart } from "@/lib/agent/ui-parts";
import { INTERRUPT_PART_ID, type InterruptPartData } from "@/lib/agent/interrupt-payloads";
import { describeRunError } from "./run-errors";
import { firstPendingInterrupt } from "./pending-interrupt";
import { lastStepText, messageFromChunks } from "./assistant-message";
import type { ActiveRun } from "./registry";
import { runUsage } from "@/lib/agent/run-usage";
import { runWorkSettled } from "@/lib/agent/run-work";
import { modelCallStarting } from "./start-gate";
import { coordinatorTools } from "@/lib/coordinator/coordinator-tools";
import { mcpToolSource } from "@/lib/mcp/tool-source";

/** How long a run's end waits for work its tools started (a stopped subagent's run saving its end). */
const CHILD_END_WAIT_MS = 5_000;

/** What a run feeds the graph: the user's new message, or the validated answer to an interrupt. */
export type RunTrigger =
  | {
      kind: "message";
      text: string;
      messageId: string;
      /** Run from this checkpoint (a regenerated or edited turn) instead of the thread's latest. */
      forkFrom?: string;
      /** A rerun's change to the stored chat, made once the graph runs from `forkFrom`. */
      rewriteChat?: () => Promise<void>;
      /** The request that started the run created the thread (AgentRunContext.newConversation). */
      newConversation?: boolean;
    }
  | { kind: "resume"; interruptId: string; value: unknown };

export type RunInput = {
  actor: Actor;
  ctx: AgentRuntimeContext;
  threadId: string;
  trigger: RunTrigger;
};

function graphInput(trigger: RunTrigger) {
  return trigger.kind === "message"
    ? { messages: [new HumanMessage({ id: trigger.messageId, content: trigger.text })] }
    : new Command({ resume: { [trigger.interruptId]: trigger.value } });
}

/**
 * Executes one run in the background, independent of any browser connection: streams the
 * graph into the run's buffer, then saves the assistant message, the run's status and usage.
 * Returns how the run ended.
 */
export async function executeRun(active: ActiveRun, input: RunInput): Promise<RunStatus> {
  const { runId, buffer, abort } = active;
  // The buffer holds every chunk: browsers replay it, and the saved message is built from it.
  const emit = (chunk: UIMessageChunk) => buffer.push(chunk);
  const messageId = `msg-${crypto.randomUUID()}`;
  // The answer says which model was asked and when (shown on hover; a fallback is its model-switch part).
  emit({
    type: "start",
    messageId,
    messageMetadata: { modelSpec: input.ctx.modelSpec, createdAt: new Date().toISOString() },
  });
  emitPart(emit, "run", { runId, status: "running" }, { id: "run" });

  const outcome: AgentStreamOutcome = { error: null };
  let lastValues: Record<string, unknown> | undefined;
  let agent: ChatbotAgent | undefined;
  const forkFrom = input.trigger.kind === "message" ? input.trigger.forkFrom : undefined;
  const newConversation = input.trigger.kind === "message" && input.trigger.newConversation;
  const config = runStreamOptions(input.ctx, {
    threadId: input.threadId,
    runId,
    signal: abort.signal,
    forkFrom,
    newConversation,
    modelCallStarting: () => modelCallStarting(runId),
  });
  try {
    agent = await buildChatbotAgent(input.ctx, {
      rootThreadId: input.threadId,
      services: { mcp: mcpToolSource, coordinatorTools },
    });
    const events = await agent.streamRun(graphInput(input.trigger), config);
    if (input.trigger.kind === "message" && input.trigger.rewriteChat) {
      await settle(`[run ${runId}] rewrite the chat for the rerun`, input.trigger.rewriteChat);
    }
    for await (const chunk of agentUIChunks(events as AsyncIterable<never>, outcome, (v) => (lastValues = v))) {
      emit(chunk);
    }
  } catch (err) {
    outcome.error ??= err;
  }
  // A stopped graph does not wait for its tool calls: let the subagent runs it started save their end first.
  if (!(await runWorkSettled(runId, CHILD_END_WAIT_MS)))
    console.error(`[run ${runId}] work started by its tools did not end within ${CHILD_END_WAIT_MS} ms`);
  await settle(`[run ${runId}] close tool connections`, async () => agent?.close());

  // A resume that failed before the graph took the answer leaves the same interrupt pending:
  // the run waits again (with its error shown) instead of losing the user's answer.
  // Otherwise only a run that stopped at an interrupt waits (read back from the checkpoint).
  const mayWait = !abort.signal.aborted && (outcome.error ? input.trigger.kind === "resume" : outcome.interrupted);
  const interrupt = mayWait ? await pendingInterruptPart(runId, input.threadId) : null;
  const status: RunStatus = abort.signal.aborted
    ? "cancelled"
    : interrupt
      ? "interrupted"
      : outcome.error
        ? "failed"
        : "completed";
  const error = outcome.error && !abort.signal.aborted ? describeRunError(outcome.error) : null;
  if (error) console.error(`[run ${runId}] failed:`, outcome.error);
  // The form the user answers to resume the run.
  if (interrupt) emitPart(emit, "interrupt", interrupt, { id: INTERRUPT_PART_ID });
  emitPart(emit, "run", { runId, status, ...(error ? { error } : {}) }, { id: "run" });
  if (error) emit({ type: "error", errorText: error.message });
  emit({ type: "finish" });

  const message = await messageFromChunks(buffer.received);
  const partial = status === "completed" || status === "interrupted" ? "" : lastStepText(message);
  await settle(`[run ${runId}] keep partial answer`, async () => {
    if (partial && agent)
      await keepPartialAnswer(agent, { configurable: { thread_id: input.threadId } }, lastValues, partial, runId);
  });
  const answer = message ? { ...message, id: messageId, role: "assistant" as const } : null;
  const result = { status, error, tokenUsage: runUsage(lastValues, runId, input.ctx.modelSpec, partial) };
  await saveRunEnd(input.actor, { threadId: input.threadId, runId, answer, result });
  return status;
}

/** The answer, the run's outcome and the thread's time: one statement, or step by step if it fails. */
async function saveRunEnd(actor: Actor, end: Parameters<typeof endRunWrites>[1]) {
  const label = `[run ${end.runId}]`;
  try {
    const { answerSaved } = await endRunWrites(actor, end);
    if (end.answer && !answerSaved) console.error(`${label} save message failed: the thread is gone or not the user's`);
    return;
  } catch (err) {
    console.error(`${label} saving the run's end in one statement failed, saving step by step:`, err);
  }
  await settle(`${label} save message`, async () => {
    if (end.answer) await saveMessage(actor, end.threadId, end.answer, end.runId);
  });
  await settle(`${label} finish`, async () => {
    await finishRun(actor, end.runId, end.result);
    await touchThread(actor, end.threadId);
  });
}

async function pendingInterruptPart(runId: string, threadId: string): Promise<InterruptPartData | null> {
  try {
    const pending = await firstPendingInterrupt(threadId);
    return pending ? { ...pending.request, runId, interruptId: pending.id } : null;
  } catch (err) {
    console.error(`[run ${runId}] reading the pending interrupt failed:`, err);
    return null;
  }
}

async function settle(label: string, step: () => Promise<void>) {
  try {
    await step();
  } catch (err) {
    console.error(`${label} failed:`, err);
  }
}

/** A stopped answer stays in the model's history too, so the next turn knows what was said. */
async function keepPartialAnswer(
  agent: ChatbotAgent,
  config: { configurable: { thread_id: string } },
  lastValues: Record<string, unknown> | undefined,
  text: string,
  runId: string,
) {
  const messages = (lastValues?.messages as unknown[] | undefined) ?? [];
  const last = messages.at(-1);
  if (AIMessage.isInstance(last) && last.text === text) return;
  await agent.updateState(config, { messages: [new AIMessage({ id: `partial-${runId}`, content: text })] });
}
