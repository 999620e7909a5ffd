"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import type { LiveRun } from "@/components/chat/live-run";
import type { PanelState } from "@/components/chat/use-meridian-chat";
import { IconButton } from "@/components/ui/icon-button";
import { Sheet } from "@/components/ui/sheet";
import { ActiveSkills } from "./active-skills";
import { RunStatus } from "./run-status";
import { SubagentRuns } from "./subagent-runs";
import { DelegatedTasks } from "./delegated-tasks";
import { TodoList } from "./todo-list";
import { TokenUsageCard } from "./token-usage-card";

/** Right-hand column (a drawer on small screens): run status, active skills, live todos, delegated tasks, token usage. */
export function StatusPanel({
  threadId,
  state,
  live,
  onTasksChanged,
  desktopOpen,
  drawerOpen,
  onClose,
}: {
  threadId: string;
  state: PanelState;
  /** The run as the chat derives it: the plan, the status and the usage wait agree with the transcript. */
  live: LiveRun;
  /** A task was stopped from the panel: read the thread's state again. */
  onTasksChanged: () => void;
  desktopOpen: boolean;
  drawerOpen: boolean;
  onClose: () => void;
}) {
  const t = useTranslations("panel");
  return (
    <Sheet
      side="right"
      breakpoint="xl"
      open={drawerOpen}
      desktopOpen={desktopOpen}
      onClose={onClose}
      label={t("label")}
      className="border-l border-border bg-background xl:w-80"
      data-testid="status-panel"
    >
      <div className="flex h-14 shrink-0 items-center justify-between border-b border-border/60 px-4">
        <h2 className="text-sm font-semibold">{t("title")}</h2>
        <IconButton label={t("close")} icon={<X />} tooltipSide="left" onClick={onClose} data-testid="panel-close" />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <RunStatus run={state.run} status={live.status} loaded={state.loaded} modelSwitch={state.modelSwitch} />
        <ActiveSkills skills={state.skills} />
        <TodoList plan={live.plan} live={live.active} loaded={state.loaded} />
        <DelegatedTasks threadId={threadId} tasks={state.tasks} onChanged={onTasksChanged} />
        <SubagentRuns subagents={state.subagents} />
        <TokenUsageCard usage={state.tokenUsage} awaitingUsage={live.awaitingUsage} runStatus={live.status} />
      </div>
    </Sheet>
  );
}
