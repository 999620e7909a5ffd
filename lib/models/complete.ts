import { z } from "zod";
import { findProviderForSpec, defaultModelSpec } from "./providers";
import { callProvider, isPermanentFailure } from "./provider-http";
import { sanitizeRequestOverrides } from "./model-constants";

/**
 * The model client for background work that is not a chat turn (a knowledge base's mind map
 * today; titles and memory extraction later): one non-streaming Chat Completions request,
 * failures as fixed sentences (an upstream's answer is never echoed).
 */

export type CompletionMessage = { role: "system" | "user"; content: string };

export type CompletionResult =
  | { ok: true; text: string; spec: string; usage: { inputTokens: number; outputTokens: number } }
  | { ok: false; error: string; retryable: boolean };

const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }).passthrough() }).passthrough())
    .min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).partial().optional(),
});

const COMPLETION_TIMEOUT_MS = 120_000;

/** The chat model to use: `spec` when it is available, else (spec null) the default chat model. */
export async function resolveCompletionModel(spec: string | null): Promise<string | null> {
  if (spec) return (await findProviderForSpec(spec)) ? spec : null;
  return defaultModelSpec().catch(() => null);
}

export async function completeOnce(
  spec: string,
  messages: CompletionMessage[],
  opts: { maxTokens?: number; temperature?: number; timeoutMs?: number } = {},
): Promise<CompletionResult> {
  const found = await findProviderForSpec(spec);
  if (!found) return { ok: false, error: `The model "${spec}" is not available.`, retryable: false };
  const { provider, model } = found;
  const res = await callProvider({ baseUrl: provider.baseUrl, apiKey: provider.apiKey }, "/chat/completions", {
    method: "POST",
    timeoutMs: opts.timeoutMs ?? COMPLETION_TIMEOUT_MS,
    json: {
      ...sanitizeRequestOverrides(provider.requestOverrides),
      model: model.id,
      messages,
      stream: false,
      ...(opts.maxTokens ? { max_tokens: opts.maxTokens } : {}),
      ...(opts.temperature !== undefined ? { temperature: opts.temperature } : {}),
    },
  });
  if (!res.ok) {
    return { ok: false, error: res.error.message, retryable: !isPermanentFailure(res.error) };
  }
  let parsed: z.infer<typeof completionSchema>;
  try {
    parsed = completionSchema.parse(JSON.parse(res.body));
  } catch {
    return { ok: false, error: "The model's answer was not a chat completion.", retryable: true };
  }
  return {
    ok: true,
    text: parsed.choices[0].message.content ?? "",
    spec,
    usage: { inputTokens: parsed.usage?.prompt_tokens ?? 0, outputTokens: parsed.usage?.completion_tokens ?? 0 },
  };
}
