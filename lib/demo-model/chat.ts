import { completionBody, truncatedBody } from "./completion";
import { demoReply } from "./demo-brain";
import { errorResponse, faultResponse } from "./faults";
import type { Handled } from "./request-log";
import { newCompletionId, replyFromTurn, textReply, type Reply } from "./reply";
import { chatRequestSchema, describeIssues, type ChatRequest } from "./request-schema";
import { exhaustedText, modelScriptKey, scriptKeyOfChat, type ScriptRegistry } from "./scripts";
import { hasImageInput, imageRefusalResponse } from "./image-refusal";
import { SSE_HEADERS, sleep, sseStream, streamSteps, type CompletionMeta } from "./stream";
import { isFaultTurn } from "./turns";
import type { PrefixCache } from "./prefix-cache";
import { promptLength, type PromptTokenizer } from "./prompt-tokens";
import { buildUsage } from "./usage";

export type ChatContext = {
  scripts: ScriptRegistry;
  cache: PrefixCache;
  tokenizer: PromptTokenizer;
  demoDelayMs: number;
  demoFirstTokenDelayMs?: number;
};

/**
 * POST /chat/completions: a scripted turn, a fault, or the demo brain. An unmarked request
 * goes to the script registered for its model (`model:<id>`) when there is one.
 */
export async function handleChatCompletion(body: unknown, headers: Headers, ctx: ChatContext): Promise<Handled> {
  const parsed = chatRequestSchema.safeParse(body);
  if (!parsed.success) {
    return { response: errorResponse(400, { message: describeIssues(parsed.error) }), key: null, model: null };
  }
  const request = parsed.data;
  const byModel = modelScriptKey(request.model);
  const key = scriptKeyOfChat(request, headers) ?? (ctx.scripts.has(byModel) ? byModel : null);
  const handled = (response: Response) => ({ response, key, model: request.model });
  if (key !== null && ctx.scripts.options(key).rejectImages && hasImageInput(request)) {
    return handled(imageRefusalResponse());
  }

  const turn = key === null ? null : ctx.scripts.take(key);
  if (turn && isFaultTurn(turn)) return handled(faultResponse(turn));
  const reply =
    key === null
      ? { ...demoReply(request, ctx.demoDelayMs), firstTokenDelayMs: ctx.demoFirstTokenDelayMs }
      : turn
        ? replyFromTurn(turn, request)
        : textReply(exhaustedText(key));

  return handled(await respond(request, reply, key, ctx));
}

async function respond(request: ChatRequest, reply: Reply, key: string | null, ctx: ChatContext): Promise<Response> {
  const prompt = ctx.tokenizer.tokens(request);
  // Cache scope is script and model: providers cache per model, and scripts stand for agents.
  const cached = ctx.cache.observe(`${key ?? "(demo)"}\u0000${request.model}`, prompt);
  const usage = buildUsage({ prompt: promptLength(prompt), cached }, reply);
  const meta: CompletionMeta = {
    id: newCompletionId(),
    model: reply.model ?? request.model,
    created: Math.floor(Date.now() / 1000),
  };

  if (request.stream) {
    const steps = streamSteps(reply, meta, request.stream_options?.include_usage ? usage : null);
    return new Response(sseStream(steps, reply.delayMs, reply.firstTokenDelayMs), { headers: SSE_HEADERS });
  }

  // Without streaming the client waits for the whole generation, pauses included.
  const pieces = reply.reasoningChunks.length + reply.textChunks.length;
  const wait = (reply.firstTokenDelayMs ?? 0) + reply.delayMs * Math.max(0, pieces - 1);
  if (wait > 0) await sleep(wait);
  const json = JSON.stringify(completionBody(reply, meta, usage));
  const headers = { "content-type": "application/json" };
  if (reply.cutAfterChars !== undefined) return new Response(truncatedBody(json, reply.cutAfterChars), { headers });
  return new Response(json, { headers });
}
