import { z } from "zod";

/**
 * What a test scripts: one turn per model request, consumed in order.
 * Objects are strict so a misspelt field (`toolcalls`) fails when the script is registered
 * instead of silently producing an empty answer.
 */

const count = z.number().int().nonnegative();

const toolCallSchema = z.union([
  z.strictObject({
    name: z.string().min(1),
    args: z.record(z.string(), z.unknown()),
    id: z.string().min(1).optional(),
  }),
  // Sent verbatim as the arguments string: for testing repair of malformed provider JSON.
  z.strictObject({
    name: z.string().min(1),
    rawArgs: z.string(),
    id: z.string().min(1).optional(),
  }),
]);

const usageOverrideSchema = z.strictObject({
  prompt_tokens: count.optional(),
  completion_tokens: count.optional(),
  /** null omits `prompt_tokens_details` entirely: a provider that reports no cache field. */
  cached_tokens: count.nullable().optional(),
  reasoning_tokens: count.optional(),
});

const replyTurnSchema = z.strictObject({
  text: z.string().optional(),
  reasoning: z.string().optional(),
  toolCalls: z.array(toolCallSchema).optional(),
  /** The model the response claims to come from; defaults to the requested one. */
  model: z.string().min(1).optional(),
  usage: usageOverrideSchema.optional(),
  /** Characters per streamed chunk (default 8). */
  chunkSize: z.number().int().positive().optional(),
  /** Pause between streamed chunks in ms (default 0). */
  delayMs: count.optional(),
  /** Time to first token in ms: the pause before the first chunk after the role (default `delayMs`). */
  firstTokenDelayMs: count.optional(),
  /** Stream this many characters of `text`, then cut the connection (no [DONE]). */
  cutAfterChars: count.optional(),
  /** Serve this many consecutive requests (default 1). */
  repeat: z.number().int().positive().optional(),
});

const faultTurnSchema = z.strictObject({
  fault: z.strictObject({
    status: z.number().int().min(400).max(599),
    /** Seconds, sent as the `retry-after` header. */
    retryAfter: z.number().nonnegative().optional(),
    message: z.string().optional(),
    /** OpenAI error `code`; a sensible one per status when omitted. */
    code: z.string().optional(),
    repeat: z.number().int().positive().optional(),
  }),
});

const turnSchema = z.union([faultTurnSchema, replyTurnSchema]);
export const turnsSchema = z.array(turnSchema);

export type Turn = z.infer<typeof turnSchema>;
export type ReplyTurn = z.infer<typeof replyTurnSchema>;
export type FaultTurn = z.infer<typeof faultTurnSchema>;
export type UsageOverride = z.infer<typeof usageOverrideSchema>;

export function isFaultTurn(turn: Turn): turn is FaultTurn {
  return "fault" in turn;
}

export function turnRepeat(turn: Turn): number {
  return (isFaultTurn(turn) ? turn.fault.repeat : turn.repeat) ?? 1;
}
