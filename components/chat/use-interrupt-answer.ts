"use client";

import type { UseChatHelpers } from "@ai-sdk/react";
import { useCallback } from "react";
import { parseApiError } from "@/components/api/client";
import type { MeridianUIMessage } from "@/components/api/types";
import { settleInterruptParts, type InterruptPartData } from "@/lib/agent/interrupt-payloads";
import type { ResumeBody } from "@/lib/runs/resume-payload";
import type { MeridianChatTransport } from "./chat-transport";

/** The answer as the form shows it read-only until the history is read again. */
function shownResponse(data: InterruptPartData, body: ResumeBody): InterruptPartData["response"] {
  if ("decisions" in body && data.kind === "approval") {
    return { decisions: body.decisions.map((d, i) => ({ ...d, toolCallId: data.actions[i]?.toolCallId ?? "" })) };
  }
  if ("answers" in body) {
    return {
      answers: body.answers.map((a) => ({
        questionId: a.questionId,
        optionIds: a.optionIds ?? [],
        ...(a.other?.trim() ? { other: a.other.trim() } : {}),
      })),
    };
  }
  return undefined;
}

/**
 * Answers an interrupt: `POST /api/runs/:id/resume`, then the chat follows the resumed run's
 * stream from that very response (no second request that a fast run could miss).
 */
export function useInterruptAnswer({
  chat,
  transport,
  onResumed,
}: {
  chat: UseChatHelpers<MeridianUIMessage>;
  transport: MeridianChatTransport;
  onResumed: () => void;
}) {
  return useCallback(
    async (data: InterruptPartData, body: ResumeBody) => {
      const response = await fetch(`/api/runs/${encodeURIComponent(data.runId)}/resume`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        credentials: "same-origin",
      });
      if (!response.ok || !response.body) throw parseApiError(response.status, await response.text());
      const outcome = { status: "completed", response: shownResponse(data, body) };
      chat.setMessages((messages) =>
        messages.map((m) => {
          const parts = settleInterruptParts(m.parts, data.runId, outcome);
          return parts ? { ...m, parts } : m;
        }),
      );
      onResumed();
      transport.adoptStream(response.body);
      void chat.resumeStream();
    },
    [chat, transport, onResumed],
  );
}
