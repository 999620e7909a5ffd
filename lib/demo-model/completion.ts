import { joined, toolCallArguments, type Reply } from "./reply";
import { SYSTEM_FINGERPRINT, type CompletionMeta } from "./stream";
import type { CompletionUsage } from "./usage";

export type ChatCompletion = CompletionMeta & {
  object: "chat.completion";
  system_fingerprint: string;
  choices: [
    {
      index: 0;
      message: {
        role: "assistant";
        content: string | null;
        refusal: null;
        reasoning_content?: string;
        tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
      };
      logprobs: null;
      finish_reason: "stop" | "tool_calls";
    },
  ];
  usage: CompletionUsage;
};

/** The non-streaming body. Content is null for a pure tool call, as OpenAI sends it. */
export function completionBody(reply: Reply, meta: CompletionMeta, usage: CompletionUsage): ChatCompletion {
  const text = joined(reply.textChunks);
  const reasoning = joined(reply.reasoningChunks);
  const hasTools = reply.toolCalls.length > 0;
  return {
    ...meta,
    object: "chat.completion",
    system_fingerprint: SYSTEM_FINGERPRINT,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: text || (hasTools ? null : ""),
          refusal: null,
          ...(reasoning ? { reasoning_content: reasoning } : {}),
          ...(hasTools
            ? {
                tool_calls: reply.toolCalls.map((call) => ({
                  id: call.id,
                  type: "function" as const,
                  function: { name: call.name, arguments: toolCallArguments(call) },
                })),
              }
            : {}),
        },
        logprobs: null,
        finish_reason: hasTools ? "tool_calls" : "stop",
      },
    ],
    usage,
  };
}

/**
 * A body that breaks off after `chars` characters of JSON: the non-streaming form of a
 * connection cut mid-response.
 */
export function truncatedBody(json: string, chars: number): ReadableStream<Uint8Array> {
  const head = new TextEncoder().encode(json.slice(0, Math.min(chars, Math.max(json.length - 1, 0))));
  let sentHead = false;
  // Two pulls: erroring in the same pull would discard the queued head unread.
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sentHead || !head.length) return controller.error(new Error("mock-llm: response cut by script"));
      sentHead = true;
      controller.enqueue(head);
    },
  });
}
