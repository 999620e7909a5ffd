"use client";

import { useTranslations } from "next-intl";
import { ResultLine, TestResultPanel } from "@/components/admin/resource/test-result";
import type { ProbeResult } from "./api";

type ProbeError = NonNullable<ProbeResult["error"]>;

/** The outcome of "Test connection": the model list check and the 1-token chat check. */
export function TestResult({ result, onDismiss }: { result: ProbeResult; onDismiss: () => void }) {
  const t = useTranslations("admin.providers.testResult");
  const why = useTranslations("admin.providers.testResult.errors");
  const detail = (error?: ProbeError) =>
    error && (
      <>
        <span className="font-medium text-foreground">{why(error.kind)}</span> {error.message}
      </>
    );
  return (
    <TestResultPanel
      ok={result.ok}
      dismissLabel={t("dismiss")}
      onDismiss={onDismiss}
      testIds={{ panel: "provider-test-result" }}
    >
      <ResultLine
        ok={!result.error}
        title={result.error ? t("modelsFailed") : t("modelsOk", { count: result.models.length, ms: result.latencyMs })}
        detail={detail(result.error)}
      />
      {result.chat ? (
        <ResultLine
          ok={result.chat.ok}
          title={
            result.chat.ok
              ? t("chatOk", { model: result.chat.model, ms: result.chat.latencyMs })
              : t("chatFailed", { model: result.chat.model })
          }
          detail={detail(result.chat.error)}
        />
      ) : (
        <p className="mt-1.5 pl-6 text-xs text-muted-foreground">{t("chatSkipped")}</p>
      )}
    </TestResultPanel>
  );
}
