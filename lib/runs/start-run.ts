import { setMaxListeners } from "node:events";
import type { UIMessage, UIMessageChunk } from "ai";
import type { Actor } from "@/lib/identity/actor";
import { createRun, finishRun, settleInterruptedRuns, type RunRow } from "@/lib/db/runs";
import { deleteMessagesAfter, messagesFrom, saveMessage } from "@/lib/db/messages";
import { createThread, updateThread } from "@/lib/db/threads";
import { findThreadForStart, startNewThread } from "@/lib/db/thread-start";
import { userMessageMetadata } from "./message-metadata";
import { autoTitle } from "./title-prompt";
import { titleAfterFirstAnswer } from "./first-answer-title";
import { messageText } from "./message-text";
import { getDefaultAgent, getVisibleAgent } from "@/lib/db/agents";
import { withCatalogSnapshot } from "@/lib/db/catalog-cache";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { prepareAgentRuntimeContext } from "@/lib/agent/runtime/prepare-context";
import { ApiError } from "@/lib/errors/api-error";
import { executeRun, type RunTrigger } from "./execute-run";
import { recordInterruptOutcome } from "./interrupt-message";
import { registerRun, unregisterRun, type ActiveRun } from "./registry";
import { RunStreamBuffer } from "./stream-buffer";
import { withStartSlot, type StartSlot } from "./start-gate";
import { requireRunCapacity, takeChatStart } from "./user-limits";
import { forkPointBefore } from "./fork-point";
import { shareRunStream } from "./shared-stream";
import { isMultiInstance } from "@/lib/redis/client";
import { getCheckpointer } from "@/lib/agent/checkpointer";

export type StartChatInput = {
  threadId: string;
  message: UIMessage;
  agentId?: string | null;
  modelSpec?: string | null;
  /** The AI SDK's trigger: a regenerated answer re-sends the user message before it. */
  trigger?: "submit-message" | "regenerate-message";
  /** With `submit-message`: the id of the user message being edited (the new text keeps it). */
  messageId?: string;
  /** Coordinator mode for this chat (kept on the thread; omitted: the thread's setting). */
  coordinator?: boolean;
};

/** A regenerated answer or an edited message: the turn of `message.id` is run again from the state before it. */
function isRerun(input: StartChatInput): boolean {
  return (
    input.trigger === "regenerate-message" || (input.messageId !== undefined && input.messageId === input.message.id)
  );
}

/**
 * Starts a chat run: validates everything first (nothing is written for bad input), claims the
 * thread's single active-run slot, saves the user's message and runs the agent in the
 * background. Returns the run and its live buffer.
 */
export async function startChatRun(actor: Actor, input: StartChatInput): Promise<StartedRun> {
  const text = messageText(input.message);
  if (input.message.role !== "user") throw new ApiError("bad_request:chat", "Only user messages can be sent.");
  if (!text) throw new ApiError("bad_request:chat", "The message is empty.");
  await takeChatStart(actor);
  return withStartSlot(actor.id, (slot) => startInSlot(actor, input, text, slot));
}

async function startInSlot(actor: Actor, input: StartChatInput, text: string, slot: StartSlot): Promise<StartedRun> {
  await requireRunCapacity(actor); // one start per user at a time (start-gate.ts), so the count holds
  // The thread and the catalog's versions in one statement (the catalog itself comes from memory).
  const { thread: existing, catalog } = await findThreadForStart(actor, input.threadId);
  if (existing?.parentThreadId)
    throw new ApiError(
      "bad_request:chat",
      "This is a subagent's conversation: continue it from the chat that delegated the task.",
    );
  const rerun = isRerun(input);
  if (input.messageId !== undefined && input.trigger !== "regenerate-message" && !rerun) {
    throw new ApiError("bad_request:chat", "An edited message keeps its id: messageId must be the message's id.");
  }
  // A rerun's user message and the user messages after it (the fork point is before all of them).
  const rerunFrom = rerun && existing ? await messagesFrom(actor, existing.id, input.message.id) : [];
  if (rerun && rerunFrom[0]?.role !== "user")
    throw new ApiError("not_found:message", "This message is not in the conversation.");
  const agentId = input.agentId ?? existing?.agentId ?? null;
  const modelSpec = input.modelSpec ?? existing?.modelSpec ?? null;
  const coordinator = input.coordinator ?? existing?.coordinator ?? false;
  // The agent and the catalog from one reading of the catalog's versions (not one query per table).
  const { agent, ctx } = await withCatalogSnapshot(async () => {
    const agent = agentId ? await getVisibleAgent(actor, agentId) : await getDefaultAgent(actor);
    if (!agent) throw new ApiError("not_found:agent", "This agent does not exist or is not shared with you.");
    return { agent, ctx: await prepareAgentRuntimeContext(actor, agent, { modelSpec, coordinator }) };
  }, catalog);
  const metadata = await userMessageMetadata(actor, input.threadId, input.message.metadata);
  const userMessage = {
    id: input.message.id,
    role: "user" as const,
    parts: input.message.parts,
    ...(metadata ? { metadata } : {}),
  };

  // A new conversation's thread, run and message are one statement; an existing one takes the steps below.
  const started =
    existing || rerun
      ? null
      : await startNewThread(actor, {
          thread: { id: input.threadId, agentId: agent.id, title: autoTitle(text), modelSpec, coordinator },
          run: { modelSpec: ctx.modelSpec },
          message: userMessage,
        });
  if (started) {
    // Its first checkpoint read (the run's start) needs no query: there is none yet.
    (await getCheckpointer()).markFresh(started.thread.id);
    const first = { ...trigger(input, text), newConversation: true };
    return startedRun(started.run, launchRun(actor, started.run, ctx, first, slot));
  }
  const thread =
    existing ??
    (await createThread(actor, {
      id: input.threadId,
      agentId: agent.id,
      title: autoTitle(text),
      modelSpec,
      coordinator,
    }));
  const run = await createRun(actor, { threadId: thread.id, agentId: agent.id, modelSpec: ctx.modelSpec });
  let forkFrom: string | undefined;
  let rewriteChat: (() => Promise<void>) | undefined;
  try {
    // A new message instead of an answer: the question or approval left open is dropped.
    // (A thread created just now has none, and already has its title, model and agent.)
    if (existing) {
      for (const dropped of await settleInterruptedRuns(actor, thread.id, "cancelled")) {
        await recordInterruptOutcome(actor, thread.id, dropped, { status: "cancelled" });
      }
    }
    if (rerun) {
      // Run again from the checkpoint before the turn (the old branch stays in the checkpoints).
      // The chat follows once the graph runs: the edited text replaces the message and what
      // followed it goes; a run that fails before that leaves the chat as the model's state is.
      const ids = rerunFrom.filter((m) => m.role === "user").map((m) => m.id);
      forkFrom = await forkPointBefore(thread.id, ids);
      rewriteChat = async () => {
        await saveMessage(actor, thread.id, userMessage, run.id);
        await deleteMessagesAfter(actor, thread.id, input.message.id);
      };
    } else {
      await saveMessage(actor, thread.id, userMessage, run.id);
    }
    if (existing) {
      await updateThread(actor, thread.id, {
        ...(thread.title ? {} : { title: autoTitle(text) }),
        ...(input.modelSpec !== undefined ? { modelSpec: input.modelSpec } : {}),
        ...(input.agentId ? { agentId: agent.id } : {}),
        ...(input.coordinator !== undefined ? { coordinator } : {}),
      });
    }
  } catch (err) {
    await finishRun(actor, run.id, {
      status: "failed",
      error: { code: "internal:run", message: "Could not save the message." },
    });
    throw err;
  }

  return startedRun(run, launchRun(actor, run, ctx, { ...trigger(input, text), forkFrom, rewriteChat }, slot));
}

const trigger = (input: StartChatInput, text: string): RunTrigger & { kind: "message" } => ({
  kind: "message",
  text,
  messageId: input.message.id,
});

/** A launched run: the HTTP response reads `buffer` as bytes; in-process readers (tests, benches) read `stream`. */
export type StartedRun = { run: RunRow; buffer: RunStreamBuffer; readonly stream: ReadableStream<UIMessageChunk> };

export function startedRun(run: RunRow, buffer: RunStreamBuffer): StartedRun {
  // A getter, so a route that only sends the bytes opens no object stream; each read subscribes anew.
  return {
    run,
    buffer,
    get stream() {
      return buffer.subscribe();
    },
  };
}

/**
 * Executes a created run in the background, registered so it can be followed and cancelled; returns
 * its live buffer. The run gives its start slot back at its first model call, or when it ends.
 */
export function launchRun(
  actor: Actor,
  run: RunRow,
  ctx: AgentRuntimeContext,
  trigger: RunTrigger,
  slot: StartSlot,
): RunStreamBuffer {
  const buffer = new RunStreamBuffer();
  const abort = new AbortController();
  // Each parallel tool call of a step listens to the run's signal (a coordinator delegates 20 at once).
  setMaxListeners(100, abort.signal);
  const active: ActiveRun = {
    runId: run.id,
    threadId: run.threadId,
    userId: actor.id,
    abort,
    buffer,
    done: Promise.resolve(),
  };
  slot.handTo(run.id);
  active.done = executeRun(active, { actor, ctx, threadId: run.threadId, trigger })
    .catch((err) => {
      console.error(`[run ${run.id}] crashed:`, err);
      return null;
    })
    .finally(() => {
      slot.release();
      buffer.close();
      unregisterRun(run.id);
    })
    // The stream has ended and the thread is free: a new conversation gets its title.
    .then((status) =>
      status === "completed" && trigger.kind === "message"
        ? titleAfterFirstAnswer(actor, run.threadId, run.id, ctx.modelSpec)
        : undefined,
    );
  registerRun(active);
  // With several instances, a reload served by another one follows this run through Redis.
  if (isMultiInstance()) {
    shareRunStream(run.id, buffer).catch((err) =>
      console.error(`[run ${run.id}] sharing its stream through Redis failed:`, (err as Error).message),
    );
  }
  return buffer;
}
