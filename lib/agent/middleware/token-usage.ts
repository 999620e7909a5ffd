import { createMiddleware } from "langchain";
import { AIMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import { modelInfo } from "@/lib/agent/runtime/load-model";
import { runContextOf } from "@/lib/agent/run-context";
import { requestTokens } from "@/lib/agent/token-count";
import { addCall, emptyAggregate, normaliseUsage, type CallUsage } from "@/lib/agent/usage-aggregate";
import { emitPart, type ApproximateContext, type TokenUsageState } from "@/lib/agent/ui-parts";
import { isSummaryMessage } from "@/lib/agent/summary/event";
import { takeInternalCalls } from "@/lib/agent/summary/internal-calls";

/** Providers whose usage reports are not trusted (TOKEN_USAGE_BLACKLIST): approximate context only. */
function usageBlacklist(): Set<string> {
  const raw = process.env.TOKEN_USAGE_BLACKLIST ?? "siliconflow,siliconflow-cn";
  return new Set(
    raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

const tokenUsageStateSchema = z.object({
  tokenUsage: z.custom<TokenUsageState>().optional(),
});

/**
 * Writes state `tokenUsage` on every model call, and streams it as `data-token-usage` before and
 * after the call: the approximate context of the request
 * (real BPE counts) and the provider's usage as `latest` / `run` / `thread` aggregates,
 * bucketed by the configured spec of the model that actually served the call.
 */
export function tokenUsageMiddleware(opts: { blacklist?: Set<string> } = {}) {
  const blacklist = opts.blacklist ?? usageBlacklist();
  return createMiddleware({
    name: "TokenUsageMiddleware",
    stateSchema: tokenUsageStateSchema,
    wrapModelCall: async (request, handler) => {
      const info = modelInfo(request.model);
      const spec = info?.spec ?? "unknown:unknown";
      const { breakdown, total: inputTokens } = requestTokens(request);
      const contextWindow = info?.contextWindow ?? 128_000;
      const usageAvailable = !blacklist.has(info?.providerId ?? "");
      const context: ApproximateContext = {
        inputTokens,
        breakdown,
        contextWindow,
        usageRatio: inputTokens / contextWindow,
        // After an L2 pass the summarization middleware puts its summary message first in the request.
        summaryActive: isSummaryMessage(request.messages[0]),
        spec,
        usageAvailable,
      };

      const prev = request.state.tokenUsage;
      const runId = runContextOf(request.runtime)?.runId ?? "unknown";
      const previousRun = prev?.run && prev.run.runId === runId ? prev.run : { ...emptyAggregate(), runId };
      // The composer's context ring moves as soon as the request leaves, not when it returns.
      emitPart(
        request.runtime.writer,
        "token-usage",
        { context, latest: prev?.latest ?? null, run: previousRun, thread: prev?.thread ?? emptyAggregate() },
        { id: "token-usage" },
      );

      // Innermost before the model: the run's start is over, the next run may start.
      runContextOf(request.runtime)?.modelCallStarting?.();
      const response = await handler(request);

      const next: TokenUsageState = {
        context,
        latest: prev?.latest ?? null,
        run: previousRun,
        thread: prev?.thread ?? emptyAggregate(),
        ...withInternalCalls(prev?.internal, runId, usageAvailable ? takeInternalCalls(request.runtime) : []),
      };
      const usage = AIMessage.isInstance(response) ? normaliseUsage(response.usage_metadata) : null;
      if (usageAvailable && usage) {
        const meta = AIMessage.isInstance(response) ? response.response_metadata : {};
        const responseModel =
          (meta?.model_name as string | undefined) ?? modelInfo(request.model)?.lastResponseModel ?? null;
        const call = { spec, responseModel, usage };
        next.latest = { ...addCall(emptyAggregate(), call), spec, responseModel };
        next.run = { ...addCall(previousRun, call), runId };
        next.thread = addCall(next.thread, call);
      }
      // The only `data-token-usage` after the call: the stream does not diff this state key.
      emitPart(request.runtime.writer, "token-usage", next, { id: "token-usage" });
      return new Command({ update: { tokenUsage: next } });
    },
  });
}

/** Adds the step's own calls (summaries) to the `internal` aggregates, apart from the main model's. */
function withInternalCalls(
  prev: TokenUsageState["internal"],
  runId: string,
  calls: CallUsage[],
): Pick<TokenUsageState, "internal"> {
  if (!prev && calls.length === 0) return {};
  let run = prev?.run.runId === runId ? prev.run : { ...emptyAggregate(), runId };
  let thread = prev?.thread ?? emptyAggregate();
  for (const call of calls) {
    run = { ...addCall(run, call), runId };
    thread = addCall(thread, call);
  }
  return { internal: { run, thread } };
}
