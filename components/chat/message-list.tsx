"use client";

import { ArrowDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, type ReactNode } from "react";
import type { MeridianUIMessage } from "@/components/api/types";
import { LogoMark } from "@/components/brand/logo";
import { AssistantMessage } from "./assistant-message";
import { ThinkingIndicator } from "./thinking-indicator";
import { useStickToBottom } from "./use-stick-to-bottom";
import { UserMessage } from "./user-message";

export function MessageList({
  threadId,
  messages,
  busy,
  footer,
  scrollSignal,
  onRegenerate,
  onEdit,
  onContinue,
}: {
  threadId: string;
  messages: MeridianUIMessage[];
  busy: boolean;
  /** Continue the last answer after the user stopped it (offered when its run was cancelled). */
  onContinue?: () => void;
  /** Regenerate the last answer (offered when no run is going). */
  onRegenerate?: (messageId: string) => void;
  /** Edit a user message and answer it again from there (offered when no run is going). */
  onEdit?: (messageId: string, text: string) => void;
  /** Shown after the last message (errors). */
  footer?: ReactNode;
  /** Changes when the user sends: the list jumps to the end. */
  scrollSignal: number;
}) {
  const t = useTranslations("chat");
  const { containerRef, contentRef, atBottom, scrollToBottom } = useStickToBottom<HTMLDivElement, HTMLDivElement>();
  const last = messages.at(-1);
  const waitingForReply = busy && last?.role === "user";
  const lastAnswer = messages.findLastIndex((m) => m.role === "assistant");

  useEffect(() => {
    if (scrollSignal) scrollToBottom("smooth");
  }, [scrollSignal, scrollToBottom]);

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={containerRef} className="h-full overflow-y-auto" data-testid="message-list">
        <div ref={contentRef} className="mx-auto flex w-full max-w-3xl flex-col gap-7 px-4 pt-6 pb-10 sm:px-6">
          {messages.map((message, index) =>
            message.role === "user" ? (
              <UserMessage key={message.id} message={message} onEdit={busy ? undefined : onEdit} />
            ) : message.role === "assistant" ? (
              <AssistantMessage
                key={message.id}
                message={message}
                threadId={threadId}
                streaming={busy && index === messages.length - 1}
                onRegenerate={!busy && index === lastAnswer ? onRegenerate : undefined}
                onContinue={!busy && index === messages.length - 1 ? onContinue : undefined}
              />
            ) : null,
          )}
          {waitingForReply && (
            <div className="flex gap-3.5" data-testid="message-pending">
              <LogoMark className="mt-0.5 hidden size-7 sm:block" />
              <ThinkingIndicator />
            </div>
          )}
          {footer}
        </div>
      </div>
      {!atBottom && (
        <button
          type="button"
          onClick={() => scrollToBottom("smooth")}
          aria-label={t("scrollToBottom")}
          className="absolute bottom-3 left-1/2 flex size-9 -translate-x-1/2 animate-fade-in items-center justify-center rounded-full border border-border bg-background text-muted-foreground shadow-(--shadow-popover) hover:text-foreground"
          data-testid="scroll-to-bottom"
        >
          <ArrowDown className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
