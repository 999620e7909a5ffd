"use client";

import { cn } from "@/components/ui/cn";
import { CircleCheck, CircleX, X } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ProbeResult } from "./api";

type ProbeError = NonNullable<ProbeResult["error"]>;

/** The outcome of "Test connection": the model list check and the 1-token chat check. */
export function TestResult({ result, onDismiss }: { result: ProbeResult; onDismiss: () => void }) {
  const t = useTranslations("admin.providers.testResult");
  return (
    <div
      role="status"
      className={cn(
        "relative mx-4 mb-4 rounded-xl border px-4 py-3 pr-10 text-sm",
        result.ok ? "border-success/30 bg-success/5" : "border-danger/30 bg-danger-soft",
      )}
      data-testid="provider-test-result"
      data-ok={result.ok}
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t("dismiss")}
        className="absolute top-2.5 right-2.5 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <X className="size-3.5" aria-hidden />
      </button>
      <Line
        ok={!result.error}
        title={result.error ? t("modelsFailed") : t("modelsOk", { count: result.models.length, ms: result.latencyMs })}
        error={result.error}
      />
      {result.chat ? (
        <Line
          ok={result.chat.ok}
          title={
            result.chat.ok
              ? t("chatOk", { model: result.chat.model, ms: result.chat.latencyMs })
              : t("chatFailed", { model: result.chat.model })
          }
          error={result.chat.error}
        />
      ) : (
        <p className="mt-1.5 pl-6 text-xs text-muted-foreground">{t("chatSkipped")}</p>
      )}
    </div>
  );
}

function Line({ ok, title, error }: { ok: boolean; title: string; error?: ProbeError }) {
  const t = useTranslations("admin.providers.testResult.errors");
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div className="flex items-start gap-2 [&+&]:mt-2">
      <Icon className={cn("mt-0.5 size-4 shrink-0", ok ? "text-success" : "text-danger")} aria-hidden />
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        {error && (
          <p className="mt-0.5 text-xs break-words text-muted-foreground">
            <span className="font-medium text-foreground">{t(error.kind)}</span> {error.message}
          </p>
        )}
      </div>
    </div>
  );
}
