"use client";

import { cn } from "@/components/ui/cn";
import { AlertTriangle, CheckCircle2, CircleDashed, CircleSlash, Loader2, PauseCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ModelSwitchData, RunStatusData } from "@/lib/agent/ui-parts";
import { ModelSwitchNote } from "@/components/chat/model-switch-note";
import { useRunErrorText } from "@/components/chat/use-run-error-text";
import type { RunDisplayStatus } from "@/components/chat/live-run";
import { PanelSection, PanelSkeleton } from "./panel-section";

const STYLES: Record<string, { icon: typeof Loader2; className: string; spin?: boolean }> = {
  pending: { icon: Loader2, className: "text-brand", spin: true },
  running: { icon: Loader2, className: "text-brand", spin: true },
  completed: { icon: CheckCircle2, className: "text-success" },
  failed: { icon: AlertTriangle, className: "text-danger" },
  cancelled: { icon: CircleSlash, className: "text-muted-foreground" },
  interrupted: { icon: PauseCircle, className: "text-warning" },
  idle: { icon: CircleDashed, className: "text-muted-foreground" },
};

/** `status` comes from the live run (pending from the send until the stream reports the run). */
export function RunStatus({
  run,
  status,
  loaded,
  modelSwitch,
}: {
  run: RunStatusData | null;
  status: RunDisplayStatus;
  loaded: boolean;
  modelSwitch: ModelSwitchData | null;
}) {
  const t = useTranslations("panel");
  const runErrorText = useRunErrorText();
  const failure = run?.status === "failed" ? runErrorText(run.error) : null;
  const { icon: Icon, className, spin } = STYLES[status] ?? STYLES.idle;

  return (
    <PanelSection title={t("run")} data-testid="run-status">
      {loaded ? (
        <div className="flex items-center gap-2 text-sm" data-status={status}>
          <Icon className={cn("size-4", className, spin && "animate-spin")} aria-hidden />
          <span className="font-medium">{t(`runStatus.${status}`)}</span>
        </div>
      ) : (
        <PanelSkeleton />
      )}
      {modelSwitch && (
        <div className="mt-2">
          <ModelSwitchNote data={modelSwitch} testId="panel-model-switch" />
        </div>
      )}
      {failure && (
        <p className="mt-2 rounded-lg bg-danger-soft px-2.5 py-2 text-xs break-words text-danger">{failure}</p>
      )}
    </PanelSection>
  );
}
