"use client";

import { cn } from "@/components/ui/cn";
import { useFormatter, useTranslations } from "next-intl";
import type { ApproximateContext } from "@/lib/agent/ui-parts";
import { Tooltip } from "@/components/ui/tooltip";
import { Layers } from "lucide-react";

export const CONTEXT_WARN_RATIO = 0.75;
export const CONTEXT_DANGER_RATIO = 0.9;

export function contextLevel(ratio: number): "ok" | "warn" | "danger" {
  return ratio >= CONTEXT_DANGER_RATIO ? "danger" : ratio >= CONTEXT_WARN_RATIO ? "warn" : "ok";
}

const RADIUS = 8;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** How full the model's context window is, from the server's approximate count. */
export function ContextRing({ context }: { context: ApproximateContext | null }) {
  const t = useTranslations("composer");
  const format = useFormatter();
  const ratio = Math.min(Math.max(context?.usageRatio ?? 0, 0), 1);
  const level = contextLevel(ratio);
  const percent = format.number(ratio, { style: "percent", maximumFractionDigits: 1 });

  const label = context
    ? t("contextTooltip", {
        used: format.number(context.inputTokens),
        window: format.number(context.contextWindow),
        percent,
      })
    : t("contextEmpty");

  return (
    <Tooltip
      side="top-end"
      decorative
      content={
        <>
          {label}
          {context?.summaryActive && (
            <>
              <br />
              {t("contextSummary")}
            </>
          )}
        </>
      }
    >
      {() => (
        <span
          tabIndex={0}
          role="img"
          aria-label={context?.summaryActive ? `${label}. ${t("contextSummary")}` : label}
          className="relative flex size-8 items-center justify-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="context-ring"
          data-summary={context?.summaryActive ? "active" : undefined}
          data-level={level}
          data-ratio={ratio.toFixed(4)}
        >
          <svg viewBox="0 0 20 20" className="size-5 -rotate-90" aria-hidden>
            <circle cx="10" cy="10" r={RADIUS} fill="none" strokeWidth="2.5" className="stroke-border" />
            <circle
              cx="10"
              cy="10"
              r={RADIUS}
              fill="none"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeDasharray={CIRCUMFERENCE}
              strokeDashoffset={CIRCUMFERENCE * (1 - ratio)}
              className={cn(
                "transition-[stroke-dashoffset] duration-500",
                level === "danger" ? "stroke-danger" : level === "warn" ? "stroke-warning" : "stroke-muted-foreground",
                ratio === 0 && "opacity-0",
              )}
            />
          </svg>
          {context?.summaryActive && (
            // A summary stands in for older messages: a small mark on the ring, explained in the tooltip.
            <Layers className="absolute right-0 bottom-0 size-3 rounded-full bg-background text-brand" aria-hidden />
          )}
        </span>
      )}
    </Tooltip>
  );
}
