"use client";

import { cn } from "@/components/ui/cn";
import { CircleCheck, CircleX, X } from "lucide-react";
import { useTranslations } from "next-intl";
import type { McpProbeResult } from "./api";

/** The outcome of "Test connection": the server, its tools and the round trip, or why it failed. */
export function McpTestResult({ result, onDismiss }: { result: McpProbeResult; onDismiss: () => void }) {
  const t = useTranslations("admin.mcp.testResult");
  const Icon = result.ok ? CircleCheck : CircleX;
  return (
    <div
      role="status"
      className={cn(
        "relative mx-4 mb-4 flex items-start gap-2 rounded-xl border px-4 py-3 pr-10 text-sm",
        result.ok ? "border-success/30 bg-success/5" : "border-danger/30 bg-danger-soft",
      )}
      data-testid="mcp-test-result"
      data-ok={result.ok}
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t("dismiss")}
        className="absolute top-2.5 right-2.5 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
        data-testid="mcp-test-dismiss"
      >
        <X className="size-3.5" aria-hidden />
      </button>
      <Icon className={cn("mt-0.5 size-4 shrink-0", result.ok ? "text-success" : "text-danger")} aria-hidden />
      <div className="min-w-0">
        {result.ok ? (
          <>
            <p className="font-medium">{t("ok", { count: result.tools.length, ms: result.latencyMs })}</p>
            {result.server && (
              <p className="mt-0.5 text-xs text-muted-foreground">{t("server", { name: result.server.name, version: result.server.version })}</p>
            )}
          </>
        ) : (
          <>
            <p className="font-medium">{t("failed", { ms: result.latencyMs })}</p>
            <p className="mt-0.5 text-xs break-words text-muted-foreground" data-testid="mcp-test-error">
              {result.error}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
