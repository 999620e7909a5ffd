import { createMiddleware } from "langchain";
import { AIMessage } from "@langchain/core/messages";

export function stepLimitText(limit: number): string {
  return `I stopped here: this agent may make at most ${limit} model calls per run. Send a message to continue.`;
}

/**
 * `max_execution_steps`: model calls per run. The call past the limit is not made; the run ends
 * cleanly on a short answer that says so (no tool calls, so the agent loop stops). The count lives
 * in this per-run instance, outermost, so retries and a fallback count as the one call they serve.
 * Unlike langchain's modelCallLimitMiddleware it adds no graph node and no state write per step.
 */
export function stepLimitMiddleware(limit: number) {
  let calls = 0;
  return createMiddleware({
    name: "StepLimitMiddleware",
    wrapModelCall: (request, handler) => {
      if (calls >= limit) return new AIMessage({ content: stepLimitText(limit) });
      calls++;
      return handler(request);
    },
  });
}
