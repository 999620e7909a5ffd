import { classifyModelError } from "@/lib/models/model-errors";
import { ApiError } from "@/lib/errors/api-error";

/** A run's failure as the user reads it: one code, one sentence, no stack traces. */
export function describeRunError(err: unknown): { code: string; message: string } {
  if (err instanceof ApiError) return { code: err.code, message: err.message };
  const c = classifyModelError(err);
  if (c.contextOverflow) {
    return { code: "model:context_overflow", message: "The conversation is longer than the model's context window." };
  }
  if (c.status === 401 || c.status === 403) {
    return {
      code: "model:auth",
      message: `The model provider refused the credentials (${c.status}). Ask an admin to check the provider key.`,
    };
  }
  if (c.status === 429) {
    return {
      code: "model:rate_limited",
      message: "The model provider is rate limiting requests (429). Try again in a moment.",
    };
  }
  if (c.overload) {
    return {
      code: "model:overloaded",
      message: `The model provider is overloaded or unavailable (${c.status}) and retries did not help.`,
    };
  }
  if (c.status !== null) {
    return { code: "model:error", message: `The model provider returned an error (${c.status}): ${c.message}` };
  }
  if (c.retryable) {
    return { code: "model:connection", message: "The connection to the model provider failed or was cut off." };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: "internal:run", message: message || "The run failed." };
}
