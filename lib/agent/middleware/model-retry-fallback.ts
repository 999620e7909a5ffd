import { createMiddleware } from "langchain";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { classifyModelError } from "@/lib/models/model-errors";
import { modelInfo } from "@/lib/agent/runtime/load-model";
import { emitPart, type ModelSwitchData } from "@/lib/agent/ui-parts";

export type RetryFallbackOptions = {
  /** Retries after the first attempt (`model_retry_times`, default 2). */
  retries: number;
  /** Fallback models in order (LLM_FALLBACK_MODEL, then LLM_FALLBACK_CHAIN). */
  fallbacks: BaseChatModel[];
  /** Consecutive overload/unavailable errors on the current model before switching. */
  switchAfter?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A provider asking for a longer pause than this gets a clear failure, not a hung run. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
};

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new DOMException("Aborted", "AbortError"));
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException("Aborted", "AbortError"));
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Retry with exponential backoff and full jitter (honouring retry-after), and switch to the
 * next fallback model after `switchAfter` consecutive overloads — only before the first token
 * streamed, so a user never sees two half-answers. Tools stay bound: the agent binds the
 * request's tools to whichever model the request carries.
 */
export function modelRetryFallbackMiddleware(opts: RetryFallbackOptions) {
  const switchAfter = opts.switchAfter ?? 3;
  const baseDelay = opts.baseDelayMs ?? 1000;
  const maxDelay = opts.maxDelayMs ?? 30_000;
  const maxRetryAfter = opts.maxRetryAfterMs ?? 60_000;
  const sleep = opts.sleep ?? abortableSleep;
  const random = opts.random ?? Math.random;
  // Per graph instance (one per run): a switch holds for the rest of the run.
  let fallbackIndex = -1;
  let consecutiveOverloads = 0;

  return createMiddleware({
    name: "ModelRetryFallbackMiddleware",
    wrapModelCall: async (request, handler) => {
      let attempt = 0;
      for (;;) {
        const model = fallbackIndex >= 0 ? opts.fallbacks[fallbackIndex] : (request.model as BaseChatModel);
        const info = modelInfo(model);
        const streamedBefore = info?.streamedTokens ?? 0;
        try {
          const response = await handler({ ...request, model });
          consecutiveOverloads = 0;
          return response;
        } catch (err) {
          const c = classifyModelError(err);
          if (c.aborted || (info && info.streamedTokens > streamedBefore)) throw err;
          consecutiveOverloads = c.overload ? consecutiveOverloads + 1 : 0;
          const canSwitch = fallbackIndex + 1 < opts.fallbacks.length;
          if (c.overload && consecutiveOverloads >= switchAfter && canSwitch) {
            const from = info?.spec ?? "primary";
            fallbackIndex++;
            consecutiveOverloads = 0;
            attempt = 0;
            const to = modelInfo(opts.fallbacks[fallbackIndex])?.spec ?? `fallback-${fallbackIndex + 1}`;
            const event: ModelSwitchData = { from, to, reason: c.message };
            emitPart(request.runtime.writer, "model-switch", event, { id: `model-switch-${fallbackIndex}` });
            continue;
          }
          // With a fallback waiting, overloads keep being retried until the switch threshold.
          const budget = c.overload && canSwitch ? Math.max(opts.retries, switchAfter - 1) : opts.retries;
          if (!c.retryable || attempt >= budget) throw err;
          if (c.retryAfterMs !== null && c.retryAfterMs > maxRetryAfter) throw err;
          attempt++;
          const backoff = random() * Math.min(maxDelay, baseDelay * 2 ** (attempt - 1));
          await sleep(Math.max(backoff, c.retryAfterMs ?? 0), request.runtime.signal);
        }
      }
    },
  });
}
