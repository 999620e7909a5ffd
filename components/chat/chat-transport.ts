import { DefaultChatTransport, type ChatTransport } from "ai";
import type { MeridianUIMessage } from "@/components/api/types";

type Extras = { agentId?: string | null; modelSpec?: string | null };

/**
 * Meridian's chat transport: only the new message goes to `POST /api/chat` (history lives on
 * the server), and a reconnect that finds no running stream (204) is reported, because the
 * answer may have been saved between loading the history and reconnecting.
 */
export function createChatTransport({
  extras,
  onNothingToResume,
}: {
  extras: () => Extras;
  onNothingToResume: () => void;
}): ChatTransport<MeridianUIMessage> {
  const http = new DefaultChatTransport<MeridianUIMessage>({
    api: "/api/chat",
    prepareSendMessagesRequest: ({ id, messages }) => {
      const { agentId, modelSpec } = extras();
      return {
        body: {
          id,
          message: messages[messages.length - 1],
          ...(agentId ? { agentId } : {}),
          ...(modelSpec ? { modelSpec } : {}),
        },
      };
    },
  });
  return {
    sendMessages: (options) => http.sendMessages(options),
    reconnectToStream: async (options) => {
      const stream = await http.reconnectToStream(options);
      if (!stream) onNothingToResume();
      return stream;
    },
  };
}
