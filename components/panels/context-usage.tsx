"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import type { ApproximateContext } from "@/lib/agent/ui-parts";
import { contextLevel } from "@/components/chat/context-ring";
import { useShareFormat, useTokenFormat } from "@/components/format/tokens";

/** The approximate context of the latest model call against the model's window. */
export function ContextUsage({ context }: { context: ApproximateContext }) {
  const t = useTranslations("panel");
  const tokens = useTokenFormat();
  const share = useShareFormat();
  const ratio = Math.min(Math.max(context.usageRatio, 0), 1);
  const level = contextLevel(ratio);

  return (
    <div className="mb-4" data-testid="context-usage">
      <div className="mb-1.5 flex items-baseline justify-between text-xs">
        <span className="text-muted-foreground">{t("context")}</span>
        <span className="tabular-nums">
          {tokens(context.inputTokens)} / {tokens(context.contextWindow)} · {share(ratio)}
        </span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-500",
            level === "danger" ? "bg-danger" : level === "warn" ? "bg-warning" : "bg-brand",
          )}
          style={{ width: `${ratio * 100}%` }}
        />
      </div>
      <p className="mt-1.5 text-[11px] text-muted-foreground">
        {t("contextBreakdown", {
          system: tokens(context.breakdown.system),
          messages: tokens(context.breakdown.messages),
          tools: tokens(context.breakdown.tools),
        })}
        {context.summaryActive && ` · ${t("summaryActive")}`}
      </p>
    </div>
  );
}
