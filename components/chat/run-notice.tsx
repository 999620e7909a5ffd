import { AlertTriangle, CircleSlash, PauseCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import type { RunStatusData } from "@/lib/agent/ui-parts";
import { useRunErrorText } from "./use-run-error-text";

/** End-of-message note for a run that did not complete: failed, stopped or interrupted. */
export function RunNotice({ run }: { run: RunStatusData }) {
  const t = useTranslations("chat");
  const runErrorText = useRunErrorText();
  if (run.status === "failed") {
    const detail = runErrorText(run.error);
    return (
      <div
        role="alert"
        className="flex items-start gap-2.5 rounded-xl border border-danger/25 bg-danger-soft px-3.5 py-2.5 text-sm"
        data-testid="run-error"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
        <div className="min-w-0">
          <p className="font-medium text-danger">{t("runFailed")}</p>
          {detail && <p className="mt-0.5 break-words text-foreground/80">{detail}</p>}
        </div>
      </div>
    );
  }
  if (run.status === "cancelled" || run.status === "interrupted") {
    const Icon = run.status === "cancelled" ? CircleSlash : PauseCircle;
    return (
      <p className="inline-flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="run-notice">
        <Icon className="size-3.5" aria-hidden />
        {run.status === "cancelled" ? t("runCancelled") : t("runInterrupted")}
      </p>
    );
  }
  return null;
}
