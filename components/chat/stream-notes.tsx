import { Bot, ChevronRight, Layers } from "lucide-react";
import { useState } from "react";
import { SubagentTranscript } from "@/components/panels/subagent-transcript";
import { useFormatter, useTranslations } from "next-intl";
import { useTokenFormat } from "@/components/format/tokens";
import type { CompressionData, SubagentData } from "@/components/api/types";

/** `data-compression`: the agent summarised older history to stay within its context. */
export function CompressionNote({ data }: { data: CompressionData }) {
  const t = useTranslations("chat");
  const tokens = useTokenFormat();
  const detail =
    data.status === "completed" && data.messages && data.tokensBefore && data.tokensAfter
      ? t("compression.detail", {
          messages: data.messages,
          before: tokens(data.tokensBefore),
          after: tokens(data.tokensAfter),
        })
      : null;
  return (
    <div className="flex items-center gap-3 py-1 text-xs text-muted-foreground" data-testid="compression-note">
      <span className="h-px flex-1 bg-border" />
      <span className="inline-flex items-center gap-1.5">
        <Layers className={data.status === "started" ? "size-3.5 animate-pulse" : "size-3.5"} aria-hidden />
        {t(`compression.${data.status}`, { minutes: data.minutes ?? 0 })}
        {detail && <span className="text-muted-foreground/80">· {detail}</span>}
      </span>
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** `data-subagent`: a delegated task in the answer, with what the child is doing; the status panel has its transcript. */
export function SubagentNote({ data }: { data: SubagentData }) {
  const t = useTranslations("chat");
  const [open, setOpen] = useState(false);
  const tPanel = useTranslations("panel.subagents");
  const tTools = useTranslations("tools");
  const format = useFormatter();
  const running = data.status === "started" || data.status === "progress";
  const tool = data.tool && (tTools.has(`names.${data.tool}`) ? tTools(`names.${data.tool}`) : data.tool);
  const detail =
    data.status === "progress" && tool
      ? tPanel("usingTool", { tool })
      : data.status === "failed"
        ? data.message
        : data.durationMs !== undefined
          ? tPanel("duration", { seconds: format.number(data.durationMs / 1000, { maximumFractionDigits: 1 }) })
          : null;
  const canOpen = Boolean(data.threadId) && !running;
  return (
    <div
      className="rounded-xl border border-border bg-card text-sm"
      data-testid="subagent-card"
      data-status={data.status}
    >
      <button
        type="button"
        className="flex w-full flex-col gap-1 rounded-xl px-3 py-2 text-left enabled:hover:bg-muted/60"
        disabled={!canOpen}
        aria-expanded={canOpen ? open : undefined}
        onClick={() => setOpen((value) => !value)}
        data-testid="subagent-card-toggle"
      >
        <span className="flex w-full items-center gap-2">
          <Bot
            className={running ? "size-4 shrink-0 animate-pulse text-brand" : "size-4 shrink-0 text-brand"}
            aria-hidden
          />
          <span className="shrink-0 font-medium">{data.subagent ?? t("subagent.label")}</span>
          <span className="min-w-0 flex-1 truncate text-muted-foreground">{data.description ?? ""}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{t(`subagent.${data.status}`)}</span>
          {canOpen && (
            <ChevronRight
              className={
                open ? "size-4 shrink-0 rotate-90 text-muted-foreground" : "size-4 shrink-0 text-muted-foreground"
              }
              aria-hidden
            />
          )}
          {canOpen && <span className="sr-only">{tPanel(open ? "hideTranscript" : "showTranscript")}</span>}
        </span>
        {(detail || data.todos) && (
          <span className="flex gap-2 pl-6 text-xs text-muted-foreground" data-testid="subagent-card-detail">
            {detail && <span className="min-w-0 truncate">{detail}</span>}
            {data.todos && (
              <span className="shrink-0 tabular-nums">
                {tPanel("plan", { done: data.todos.done, total: data.todos.total })}
              </span>
            )}
          </span>
        )}
      </button>
      {open && data.threadId && (
        <div className="border-t border-border px-3 py-2">
          <SubagentTranscript threadId={data.threadId} version={data.status} />
        </div>
      )}
    </div>
  );
}
