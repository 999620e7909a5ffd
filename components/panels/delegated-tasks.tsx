"use client";

import { useEffect, useState } from "react";
import {
  AlertTriangle,
  CheckCircle2,
  ChevronRight,
  CircleSlash,
  Clock,
  Hourglass,
  Loader2,
  Square,
} from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { apiFetch } from "@/components/api/client";
import type { ThreadStateResponse } from "@/components/api/types";
import { useReportError } from "@/components/hooks/use-report-error";
import { cn } from "@/components/ui/cn";
import { IconButton } from "@/components/ui/icon-button";
import { PanelSection } from "./panel-section";
import { SubagentTranscript } from "./subagent-transcript";
import { useTokenFormat } from "@/components/format/tokens";

type Task = ThreadStateResponse["delegatedTasks"][number];

const STATUS_ICON: Record<Task["status"], { icon: typeof Loader2; className: string; spin?: boolean }> = {
  queued: { icon: Clock, className: "text-muted-foreground" },
  running: { icon: Loader2, className: "text-brand", spin: true },
  completed: { icon: CheckCircle2, className: "text-success" },
  failed: { icon: AlertTriangle, className: "text-danger" },
  cancelled: { icon: CircleSlash, className: "text-muted-foreground" },
  timed_out: { icon: Hourglass, className: "text-warning" },
};

/**
 * Coordinator mode's delegated tasks in the status panel: each task's worker, state, progress
 * and time, a stop button while it is unfinished, and its worker's transcript on demand. The
 * list is read from the server (polled while tasks run); `onChanged` reads it again at once.
 */
export function DelegatedTasks({
  threadId,
  tasks,
  onChanged,
}: {
  threadId: string;
  tasks: Task[];
  onChanged: () => void;
}) {
  const t = useTranslations("panel.tasks");
  if (tasks.length === 0) return null;
  const open = tasks.filter((task) => task.status === "queued" || task.status === "running").length;
  return (
    <PanelSection
      title={t("title")}
      aside={
        <span className="text-xs text-muted-foreground tabular-nums" data-testid="tasks-open">
          {t("open", { open, total: tasks.length })}
        </span>
      }
      data-testid="delegated-tasks"
    >
      <ul className="flex flex-col gap-2">
        {tasks.map((task) => (
          <TaskRow key={task.id} threadId={threadId} task={task} onChanged={onChanged} />
        ))}
      </ul>
    </PanelSection>
  );
}

function TaskRow({ threadId, task, onChanged }: { threadId: string; task: Task; onChanged: () => void }) {
  const t = useTranslations("panel.tasks");
  const tAgents = useTranslations("panel.subagents");
  const tTools = useTranslations("tools");
  const format = useFormatter();
  const tokens = useTokenFormat();
  const reportError = useReportError();
  const [open, setOpen] = useState(false);
  const [stopping, setStopping] = useState(false);
  const { icon: Icon, className, spin } = STATUS_ICON[task.status];
  const unfinished = task.status === "queued" || task.status === "running";
  const tool = task.progress?.tool;
  const toolName = tool && (tTools.has(`names.${tool}`) ? tTools(`names.${tool}`) : tool);
  const started = task.startedAt ? Date.parse(task.startedAt) : null;
  const now = useNow(unfinished);
  const ended = task.finishedAt ? Date.parse(task.finishedAt) : now;
  const details = [
    task.status === "running" && toolName ? tAgents("usingTool", { tool: toolName }) : null,
    task.progress?.todos ? tAgents("plan", { done: task.progress.todos.done, total: task.progress.todos.total }) : null,
    started !== null
      ? tAgents("duration", { seconds: format.number((ended - started) / 1000, { maximumFractionDigits: 0 }) })
      : null,
    task.tokens ? tAgents("tokens", { input: tokens(task.tokens.input), output: tokens(task.tokens.output) }) : null,
  ].filter(Boolean);

  async function stop() {
    setStopping(true);
    try {
      await apiFetch(`/api/threads/${encodeURIComponent(threadId)}/tasks/${encodeURIComponent(task.id)}/stop`, {
        method: "POST",
      });
      onChanged();
    } catch (error) {
      reportError(error);
    } finally {
      setStopping(false);
    }
  }

  return (
    <li
      className="rounded-lg border border-border bg-card"
      data-testid="delegated-task"
      data-status={task.status}
      data-task-id={task.id}
    >
      <div className="flex items-start gap-1 pr-1.5">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-start gap-2 rounded-lg px-2.5 py-2 text-left text-sm enabled:hover:bg-muted/60"
          aria-expanded={task.childThreadId ? open : undefined}
          disabled={!task.childThreadId}
          onClick={() => setOpen((value) => !value)}
          data-testid="delegated-task-toggle"
        >
          <Icon className={cn("mt-0.5 size-4 shrink-0", className, spin && "animate-spin")} aria-hidden />
          <span className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span className="flex items-center gap-1.5">
              <span className="truncate font-medium">{task.agentName}</span>
              <span className="shrink-0 text-xs text-muted-foreground" data-testid="delegated-task-status">
                {t(`status.${task.status}`)}
              </span>
            </span>
            <span className="line-clamp-2 text-xs text-muted-foreground">{task.description.split("\n")[0]}</span>
            {details.length > 0 && (
              <span className="text-xs text-muted-foreground tabular-nums">{details.join(" · ")}</span>
            )}
            {task.error && task.status !== "cancelled" && (
              <span className="text-xs break-words text-danger">{task.error}</span>
            )}
          </span>
          {task.childThreadId && (
            <ChevronRight
              className={cn("mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-90")}
              aria-hidden
            />
          )}
          {task.childThreadId && <span className="sr-only">{tAgents(open ? "hideTranscript" : "showTranscript")}</span>}
        </button>
        {unfinished && (
          <IconButton
            size="sm"
            className="mt-1.5"
            label={t("stop")}
            icon={stopping ? <Loader2 className="animate-spin" /> : <Square />}
            tooltipSide="left"
            disabled={stopping}
            onClick={() => void stop()}
            data-testid="delegated-task-stop"
          />
        )}
      </div>
      {open && task.childThreadId && (
        <div className="border-t border-border px-2.5 py-2">
          <SubagentTranscript threadId={task.childThreadId} version={`${task.status}:${task.progress?.tool ?? ""}`} />
        </div>
      )}
    </li>
  );
}

/** The time, every second while `ticking` (a running task's elapsed time). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}
