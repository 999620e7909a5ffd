"use client";

import { cn } from "@/components/ui/cn";
import { AlertTriangle, CheckCircle2, CircleDashed, CircleSlash, Loader2, PauseCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ModelSwitchData, RunStatusData } from "@/lib/agent/ui-parts";
import { ModelSwitchNote } from "@/components/chat/model-switch-note";
import { PanelSection } from "./panel-section";

const STYLES: Record<string, { icon: typeof Loader2; className: string; spin?: boolean }> = {
  pending: { icon: Loader2, className: "text-brand", spin: true },
  running: { icon: Loader2, className: "text-brand", spin: true },
  completed: { icon: CheckCircle2, className: "text-success" },
  failed: { icon: AlertTriangle, className: "text-danger" },
  cancelled: { icon: CircleSlash, className: "text-muted-foreground" },
  interrupted: { icon: PauseCircle, className: "text-warning" },
  idle: { icon: CircleDashed, className: "text-muted-foreground" },
};

/** `busy`: a message was sent and the stream has not reported its run yet. */
export function RunStatus({
  run,
  busy,
  modelSwitch,
}: {
  run: RunStatusData | null;
  busy: boolean;
  modelSwitch: ModelSwitchData | null;
}) {
  const t = useTranslations("panel");
  const status = run?.status && STYLES[run.status] ? run.status : busy ? "pending" : "idle";
  const { icon: Icon, className, spin } = STYLES[status];

  return (
    <PanelSection title={t("run")} data-testid="run-status">
      <div className="flex items-center gap-2 text-sm" data-status={status}>
        <Icon className={cn("size-4", className, spin && "animate-spin")} aria-hidden />
        <span className="font-medium">{t(`runStatus.${status}`)}</span>
      </div>
      {modelSwitch && (
        <div className="mt-2">
          <ModelSwitchNote data={modelSwitch} testId="panel-model-switch" />
        </div>
      )}
      {run?.status === "failed" && run.error?.message && (
        <p className="mt-2 rounded-lg bg-danger-soft px-2.5 py-2 text-xs break-words text-danger">
          {run.error.message}
        </p>
      )}
    </PanelSection>
  );
}
