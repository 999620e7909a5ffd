"use client";

import { useTranslations } from "next-intl";
import { ResultLine, TestResultPanel } from "@/components/admin/resource/test-result";
import type { McpProbeResult } from "./api";

/** The outcome of "Test connection": the server, its tools and the round trip, or why it failed. */
export function McpTestResult({ result, onDismiss }: { result: McpProbeResult; onDismiss: () => void }) {
  const t = useTranslations("admin.mcp.testResult");
  return (
    <TestResultPanel
      ok={result.ok}
      dismissLabel={t("dismiss")}
      onDismiss={onDismiss}
      testIds={{ panel: "mcp-test-result", dismiss: "mcp-test-dismiss" }}
    >
      {result.ok ? (
        <ResultLine
          ok
          title={t("ok", { count: result.tools.length, ms: result.latencyMs })}
          detail={result.server && t("server", { name: result.server.name, version: result.server.version })}
        />
      ) : (
        <ResultLine
          ok={false}
          title={t("failed", { ms: result.latencyMs })}
          detail={result.error}
          detailTestId="mcp-test-error"
        />
      )}
    </TestResultPanel>
  );
}
