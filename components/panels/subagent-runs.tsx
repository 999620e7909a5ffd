"use client";

import { useState } from "react";
import { AlertTriangle, Bot, CheckCircle2, ChevronRight, CircleSlash, Loader2, PauseCircle } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { PanelSection } from "./panel-section";
import { SubagentTranscript } from "./subagent-transcript";
import type { SubagentEntry } from "./subagents-state";
import { useTokenFormat } from "@/components/format/tokens";

const STATUS_ICON: Record<SubagentEntry["status"], { icon: typeof Loader2; className: string; spin?: boolean }> = {
  running: { icon: Loader2, className: "text-brand", spin: true },
  completed: { icon: CheckCircle2, className: "text-success" },
  failed: { icon: AlertTriangle, className: "text-danger" },
  cancelled: { icon: CircleSlash, className: "text-muted-foreground" },
  interrupted: { icon: PauseCircle, className: "text-warning" },
};

/** The status panel's delegated tasks: each child's name, status, duration, tokens and, on demand, its transcript. */
export function SubagentRuns({ subagents }: { subagents: SubagentEntry[] }) {
  const t = useTranslations("panel.subagents");
  if (subagents.length === 0) return null;
  return (
    <PanelSection title={t("title")} data-testid="subagent-runs">
      <ul className="flex flex-col gap-2">
        {subagents.map((entry) => (
          <SubagentRow key={entry.key} entry={entry} />
        ))}
      </ul>
    </PanelSection>
  );
}

function SubagentRow({ entry }: { entry: SubagentEntry }) {
  const t = useTranslations("panel.subagents");
  const tTools = useTranslations("tools");
  const format = useFormatter();
  const tokens = useTokenFormat();
  const [open, setOpen] = useState(false);
  const { icon: Icon, className, spin } = STATUS_ICON[entry.status];
  const toolName = entry.tool && (tTools.has(`names.${entry.tool}`) ? tTools(`names.${entry.tool}`) : entry.tool);
  const details = [
    entry.status === "running" && toolName ? t("usingTool", { tool: toolName }) : null,
    entry.todos ? t("plan", { done: entry.todos.done, total: entry.todos.total }) : null,
    entry.durationMs !== null
      ? t("duration", { seconds: format.number(entry.durationMs / 1000, { maximumFractionDigits: 1 }) })
      : null,
    entry.tokens ? t("tokens", { input: tokens(entry.tokens.input), output: tokens(entry.tokens.output) }) : null,
  ].filter(Boolean);
  const canOpen = entry.threadId !== null;

  return (
    <li
      className="rounded-lg border border-border bg-card"
      data-testid="subagent-run"
      data-status={entry.status}
      data-thread-id={entry.threadId ?? undefined}
    >
      <button
        type="button"
        className="flex w-full items-start gap-2 rounded-lg px-2.5 py-2 text-left text-sm hover:bg-muted/60 disabled:cursor-default disabled:hover:bg-transparent"
        aria-expanded={canOpen ? open : undefined}
        disabled={!canOpen}
        onClick={() => setOpen((value) => !value)}
        data-testid="subagent-run-toggle"
      >
        <Bot className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-center gap-1.5">
            <span className="truncate font-medium">{entry.name ?? t("unnamed")}</span>
            <Icon className={cn("size-3.5 shrink-0", className, spin && "animate-spin")} aria-hidden />
            <span className="shrink-0 text-xs text-muted-foreground" data-testid="subagent-run-status">
              {t(`status.${entry.status}`)}
            </span>
          </span>
          {entry.title && <span className="line-clamp-2 text-xs text-muted-foreground">{entry.title}</span>}
          {details.length > 0 && (
            <span className="text-xs text-muted-foreground tabular-nums" data-testid="subagent-run-details">
              {details.join(" · ")}
            </span>
          )}
          {entry.status === "failed" && entry.error && (
            <span className="text-xs break-words text-danger">{entry.error}</span>
          )}
        </span>
        {canOpen && (
          <ChevronRight
            className={cn("mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-90")}
            aria-hidden
          />
        )}
        {canOpen && <span className="sr-only">{t(open ? "hideTranscript" : "showTranscript")}</span>}
      </button>
      {open && entry.threadId && (
        <div className="border-t border-border px-2.5 py-2">
          <SubagentTranscript threadId={entry.threadId} version={`${entry.status}:${entry.durationMs ?? ""}`} />
        </div>
      )}
    </li>
  );
}
