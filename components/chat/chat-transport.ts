import { DefaultChatTransport, type ChatTransport } from "ai";
import type { MeridianUIMessage } from "@/components/api/types";

/** What `sendMessage(message, { body })` adds to the request: the chosen agent and model. */
export type ChatRequestExtras = { agentId?: string | null; modelSpec?: string | null; coordinator?: boolean };

/** Parses a UI message stream response (SSE) exactly like the chat's own responses. */
class MeridianHttpTransport extends DefaultChatTransport<MeridianUIMessage> {
  chunksOf(body: ReadableStream<Uint8Array>) {
    return this.processResponseStream(body);
  }
}

export type MeridianChatTransport = ChatTransport<MeridianUIMessage> & {
  /** The next reconnect reads this response (a resumed run's stream) instead of asking the server. */
  adoptStream(body: ReadableStream<Uint8Array>): void;
  /** Who hears that a reconnect found nothing running; returns the unsubscribe. */
  onNothingToResume(listener: () => void): () => void;
};

/**
 * Meridian's chat transport: only the new message goes to `POST /api/chat` (history lives on
 * the server), and a reconnect that finds no running stream (204) is reported, because the
 * answer may have been saved between loading the history and reconnecting. A resumed run's
 * response (after an approval or an answer) is adopted as the next reconnect.
 */
export function createChatTransport(): MeridianChatTransport {
  let adopted: ReadableStream<Uint8Array> | null = null;
  let nothingToResume: (() => void) | null = null;
  const http = new MeridianHttpTransport({
    api: "/api/chat",
    prepareSendMessagesRequest: ({ id, messages, body, trigger, messageId }) => {
      const { agentId, modelSpec, coordinator } = (body ?? {}) as ChatRequestExtras;
      return {
        body: {
          id,
          // A regenerated answer re-sends the question before it; an edited message keeps its id.
          message: messages[messages.length - 1],
          ...(agentId ? { agentId } : {}),
          ...(modelSpec ? { modelSpec } : {}),
          ...(coordinator !== undefined ? { coordinator } : {}),
          ...(trigger === "regenerate-message" ? { trigger } : {}),
          ...(messageId ? { messageId } : {}),
        },
      };
    },
  });
  return {
    sendMessages: (options) => http.sendMessages(options),
    adoptStream: (body) => {
      adopted = body;
    },
    onNothingToResume: (listener) => {
      nothingToResume = listener;
      return () => {
        if (nothingToResume === listener) nothingToResume = null;
      };
    },
    reconnectToStream: async (options) => {
      if (adopted) {
        const body = adopted;
        adopted = null;
        return http.chunksOf(body);
      }
      const stream = await http.reconnectToStream(options);
      if (!stream) nothingToResume?.();
      return stream;
    },
  };
}
