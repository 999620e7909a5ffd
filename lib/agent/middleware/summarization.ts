import { createMiddleware } from "langchain";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { Command } from "@langchain/langgraph";
import type { AgentConfig } from "@/lib/agent/config/config-schema";
import { runContextOf } from "@/lib/agent/run-context";
import { requestTokens } from "@/lib/agent/token-count";
import { modelInfo } from "@/lib/agent/runtime/load-model";
import { normaliseUsage } from "@/lib/agent/usage-aggregate";
import { emitPart } from "@/lib/agent/ui-parts";
import { classifyModelError } from "@/lib/models/model-errors";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { workdirOf } from "@/lib/workspace/paths";
import {
  effectiveMessages,
  stateIndexOf,
  summarizationStateSchema,
  summaryMessage,
  type SummarizationEvent,
} from "@/lib/agent/summary/event";
import { safeCutoff } from "@/lib/agent/summary/cutoff";
import { l1View } from "@/lib/agent/summary/l1-view";
import { cappedTranscript } from "@/lib/agent/summary/transcript";
import { fillSummaryPrompt } from "@/lib/agent/summary/default-prompt";
import { appendHistory } from "@/lib/agent/summary/history-file";
import { noteInternalCall } from "@/lib/agent/summary/internal-calls";
import { summaryBreaker } from "@/lib/agent/summary/breaker";

/** The threshold never exceeds this share of the called model's context window. */
const WINDOW_SHARE = 0.8;
/** A result the model has not read yet is offloaded only over this share of the threshold. */
const UNSEEN_SHARE = 0.5;

type SummaryConfig = Pick<
  AgentConfig,
  | "summary_threshold"
  | "summary_keep_messages"
  | "summary_tool_result_token_limit"
  | "summary_l2_trigger_ratio"
  | "summary_prompt"
>;

/** Called with the state messages an L2 pass cut off (the memory bridge); a failure is logged, never fatal. */
export type CutoffListener = (
  messages: BaseMessage[],
  at: { userId: string; threadId: string; cutoffIndex: number },
) => Promise<void> | void;

/**
 * Slot 5 (docs/ARCHITECTURE.md, "Summary"): keeps each model request under `summary_threshold` K tokens,
 * and under 80 % of the called model's context window whichever is less.
 * - Below the threshold the model sees the effective messages unchanged (the whole history, or
 *   the last summary and what followed it).
 * - At or above it, L1: a view with old file-writing arguments cut and large tool results
 *   replaced by receipts (l1-view.ts); state is untouched.
 * - Still above threshold x ratio after L1, L2: the older part of the view is summarised by the
 *   model (not streamed), the history it stands for is written to the workdir, and state records
 *   `_summarizationEvent` so later calls start from the summary. A context-overflow error from
 *   the provider forces L2 and the call is retried once.
 */
export function summarizationMiddleware(opts: {
  config: SummaryConfig;
  backend: WorkspaceBackend;
  onCutoff?: CutoffListener;
  /** System text that middleware inside this one append to every call (the todo list's): counted in. */
  innerSystemText?: string;
}) {
  const { config, backend } = opts;
  const count = (request: Parameters<typeof requestTokens>[0], messages: BaseMessage[]) =>
    requestTokens(request, messages, opts.innerSystemText).total;
  const configured = config.summary_threshold * 1024;

  return createMiddleware({
    name: "SummarizationMiddleware",
    stateSchema: summarizationStateSchema,
    wrapModelCall: async (request, handler) => {
      const run = runContextOf(request.runtime);
      const event = request.state._summarizationEvent as SummarizationEvent | undefined;
      const effective = effectiveMessages(request.messages, event);
      const workdir = run?.rootThreadId ? workdirOf(run.rootThreadId) : null;
      const window = modelInfo(request.model)?.contextWindow;
      const threshold = window ? Math.min(configured, Math.floor(window * WINDOW_SHARE)) : configured;
      const l2Above = threshold * config.summary_l2_trigger_ratio;

      let view = effective;
      if (workdir && count(request, effective) >= threshold) {
        view = (
          await l1View(effective, {
            keepMessages: config.summary_keep_messages,
            toolResultTokenLimit: config.summary_tool_result_token_limit,
            unseenTokenLimit: Math.floor(threshold * UNSEEN_SHARE),
            resultsDir: `${workdir}/outputs/large_tool_results`,
            save: async (path, text) => {
              if (!(await backend.stat(path))) await backend.writeBytes(path, text);
            },
          })
        ).messages;
        // After repeated failures summaries pause: the L1 view and the overflow path carry on.
        if (count(request, view) > l2Above && !summaryBreaker.paused(run!.threadId)) {
          return summarizeAndCall({ force: false });
        }
      }
      try {
        return await handler({ ...request, messages: view });
      } catch (err) {
        if (!workdir || !classifyModelError(err).contextOverflow) throw err;
        return summarizeAndCall({ force: true });
      }

      /** L2, then the model call on the summary and the kept messages; overflow once more gives up. */
      async function summarizeAndCall({ force }: { force: boolean }) {
        const l2 = await summarize(view, force);
        if (!l2) return handler({ ...request, messages: view });
        await handler({ ...request, messages: l2.messages });
        // Only an answered call keeps the summary: its history section and memory hand-over follow.
        const filePath = await appendHistory(backend, l2.historyPath, l2.cut, l2.from);
        try {
          await opts.onCutoff?.(l2.cut, { userId: run!.userId, threadId: run!.threadId, cutoffIndex: l2.stateCut });
        } catch (err) {
          console.error("[summarization] the memory bridge failed:", err);
        }
        // The answer reaches state through the handler; this adds the event to the same step.
        const stored: SummarizationEvent = { ...l2.event, filePath };
        return new Command({ update: { _summarizationEvent: stored } });
      }

      async function summarize(messages: BaseMessage[], force: boolean) {
        let cutoff = safeCutoff(messages, config.summary_keep_messages);
        // A forced pass with too few messages to keep that many: summarise all but the last turn.
        if (cutoff <= 0 && force) cutoff = safeCutoff(messages, 1);
        if (cutoff <= 0 || (cutoff === 1 && event)) return null;
        const writer = request.runtime.writer;
        emitPart(writer, "compression", { status: "started", messages: cutoff }, { id: "compression" });
        try {
          const stateCut = stateIndexOf(cutoff, event);
          const from = event ? event.cutoffIndex : 0;
          const historyPath = `${workdir}/outputs/conversation_history/${run!.threadId}.md`;
          const summary = await callSummaryModel(request.model as BaseChatModel, messages.slice(0, cutoff));
          summaryBreaker.succeeded(run!.threadId);
          const message = summaryMessage(summary, historyPath);
          const kept = messages.slice(cutoff);
          const tokensAfter = count(request, [message, ...kept]);
          emitPart(
            writer,
            "compression",
            { status: "completed", messages: cutoff, tokensBefore: count(request, messages), tokensAfter },
            { id: "compression" },
          );
          return {
            messages: [message, ...kept],
            event: {
              cutoffIndex: stateCut,
              summaryMessage: message,
              filePath: historyPath,
            } satisfies SummarizationEvent,
            historyPath,
            stateCut,
            from,
            /** The state messages the summary stands for, as they were (not their L1 view). */
            cut: request.messages.slice(from, stateCut),
          };
        } catch (err) {
          if (classifyModelError(err).aborted) throw err;
          console.error("[summarization] summary failed:", err);
          const message = classifyModelError(err).message.slice(0, 300);
          const minutes = summaryBreaker.failed(run!.threadId);
          emitPart(
            writer,
            "compression",
            minutes === null ? { status: "failed", message } : { status: "paused", message, minutes },
            { id: "compression" },
          );
          return null;
        }
      }

      /** The summary call: the run's model, tagged so no token of it reaches the answer; usage noted apart. */
      async function callSummaryModel(model: BaseChatModel, older: BaseMessage[]): Promise<string> {
        const { text: transcript } = cappedTranscript(older, threshold);
        const prompt = fillSummaryPrompt(config.summary_prompt, transcript);
        const response = await model.invoke([new HumanMessage(prompt)], { tags: ["nostream"] });
        const usage = normaliseUsage(response.usage_metadata);
        const info = modelInfo(model);
        if (usage) {
          const responseModel = (response.response_metadata?.model_name as string | undefined) ?? null;
          noteInternalCall(request.runtime, { spec: info?.spec ?? "unknown:unknown", responseModel, usage });
        }
        const text = response.text.trim();
        if (!text) throw new Error("The summary model returned no text.");
        return text;
      }
    },
  });
}
