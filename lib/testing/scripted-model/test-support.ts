import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import type { AIMessageChunk } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import type { CompletionChunk } from "@/lib/demo-model/stream";
import type { CompletionUsage } from "@/lib/demo-model/usage";

/** Helpers shared by the mock's own tests: read SSE as a client would, build clients. */

export type StreamedCompletion = {
  chunks: CompletionChunk[];
  text: string;
  reasoning: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  finishReason: string | null;
  usage: CompletionUsage | null;
  sawDone: boolean;
};

/** Reads a whole SSE response; rejects when the connection breaks, like any client would. */
export async function readCompletionStream(res: Response): Promise<StreamedCompletion> {
  const raw = await res.text();
  return parseSse(raw);
}

export function parseSse(raw: string): StreamedCompletion {
  const result: StreamedCompletion = {
    chunks: [],
    text: "",
    reasoning: "",
    toolCalls: [],
    finishReason: null,
    usage: null,
    sawDone: false,
  };
  for (const event of raw.split("\n\n")) {
    const data = event.startsWith("data: ") ? event.slice("data: ".length) : null;
    if (data === null) continue;
    if (data === "[DONE]") {
      result.sawDone = true;
      continue;
    }
    const chunk = JSON.parse(data) as CompletionChunk;
    result.chunks.push(chunk);
    if (chunk.usage) result.usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) continue;
    result.text += choice.delta.content ?? "";
    result.reasoning += choice.delta.reasoning_content ?? "";
    for (const call of choice.delta.tool_calls ?? []) {
      const entry = (result.toolCalls[call.index] ??= { id: "", name: "", arguments: "" });
      entry.id ||= call.id ?? "";
      entry.name ||= call.function.name ?? "";
      entry.arguments += call.function.arguments;
    }
    result.finishReason = choice.finish_reason ?? result.finishReason;
  }
  return result;
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

export function chatBody(content: string, extra: Record<string, unknown> = {}) {
  return { model: "demo-chat", messages: [{ role: "user", content }], ...extra };
}

/** ChatOpenAI as the app configures it, pointed at the mock; no retries so faults surface. */
export function chatModel(url: string, options: { model?: string; apiKey?: string } = {}): ChatOpenAI {
  return new ChatOpenAI({
    model: options.model ?? "demo-chat",
    apiKey: options.apiKey ?? "test",
    configuration: { baseURL: url },
    streaming: true,
    streamUsage: true,
    maxRetries: 0,
  });
}

type StreamingModel = { stream(input: BaseLanguageModelInput): Promise<AsyncIterable<AIMessageChunk>> };

/**
 * Streams and merges the chunks, as the agent's streaming path does. Not `invoke`: with
 * `streaming: true`, invoke estimates tokens through a tokenizer download that stalls
 * offline (about 90 s here).
 */
export async function streamMessage(model: StreamingModel, input: BaseLanguageModelInput): Promise<AIMessageChunk> {
  let message: AIMessageChunk | undefined;
  for await (const chunk of await model.stream(input)) message = message ? message.concat(chunk) : chunk;
  if (!message) throw new Error("the model streamed nothing");
  return message;
}
