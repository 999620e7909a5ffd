"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { apiFetch } from "@/components/api/client";
import type { MeridianUIMessage, ThreadResponse } from "@/components/api/types";
import { Markdown } from "@/components/chat/markdown";
import { ToolCard } from "@/components/chat/tool-card";
import { asToolPart } from "@/components/chat/tool-part";

type Loaded = { threadId: string; version: string; messages: MeridianUIMessage[] | null; failed: boolean };

/**
 * A subagent's conversation, read from its child thread (`GET /api/threads/:id`): the task it
 * was given, its tool calls and its answers. `version` changes when the task finishes, so an
 * open transcript is read again then.
 */
export function SubagentTranscript({ threadId, version }: { threadId: string; version: string }) {
  const t = useTranslations("panel.subagents");
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let cancelled = false;
    apiFetch<ThreadResponse>(`/api/threads/${encodeURIComponent(threadId)}`).then(
      (response) => !cancelled && setLoaded({ threadId, version, messages: response.messages, failed: false }),
      () => !cancelled && setLoaded({ threadId, version, messages: null, failed: true }),
    );
    return () => {
      cancelled = true;
    };
  }, [threadId, version]);

  const current = loaded?.threadId === threadId ? loaded : null;
  if (!current) return <p className="text-xs text-muted-foreground">{t("transcriptLoading")}</p>;
  if (current.failed || !current.messages) return <p className="text-xs text-danger">{t("transcriptError")}</p>;
  if (current.messages.length === 0) return <p className="text-xs text-muted-foreground">{t("transcriptEmpty")}</p>;
  return (
    <ol className="flex flex-col gap-2" data-testid="subagent-transcript">
      {current.messages.map((message) => (
        <li key={message.id} className="flex flex-col gap-1.5" data-role={message.role}>
          <span className="text-[11px] font-medium text-muted-foreground caps">
            {t(message.role === "user" ? "roleTask" : "roleSubagent")}
          </span>
          {message.parts.map((part, index) => {
            const tool = asToolPart(part);
            if (tool) return <ToolCard key={tool.toolCallId} part={tool} />;
            if (part.type === "text" && part.text.trim())
              return (
                <div
                  key={index}
                  className={message.role === "user" ? "rounded-lg bg-muted px-2.5 py-1.5 text-xs" : "text-xs"}
                >
                  <Markdown text={part.text} />
                </div>
              );
            return null;
          })}
        </li>
      ))}
    </ol>
  );
}
