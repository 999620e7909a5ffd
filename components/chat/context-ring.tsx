"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { ApproximateContext } from "@/lib/agent/ui-parts";
import { Tooltip } from "@/components/ui/tooltip";
import { useShareFormat, useTokenFormat } from "@/components/format/tokens";
import { Layers } from "lucide-react";

const CONTEXT_WARN_RATIO = 0.75;
const CONTEXT_DANGER_RATIO = 0.9;

export function contextLevel(ratio: number): "ok" | "warn" | "danger" {
  return ratio >= CONTEXT_DANGER_RATIO ? "danger" : ratio >= CONTEXT_WARN_RATIO ? "warn" : "ok";
}

const RADIUS = 8;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A tap toggles the label (touch has no hover); a tap elsewhere or Escape hides it. */
function useTapLabel() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);
  return { open, ref, toggle: () => setOpen((value) => !value) };
}

/**
 * How full the model's context window is, from the server's approximate count: a ring with
 * the share written beside it ("3%", "<1%"), so low use never reads as a spinner. Before the
 * first reply the track is dashed and there is no number. Hover, keyboard focus or a tap
 * shows the tokens behind it.
 */
export function ContextRing({ context }: { context: ApproximateContext | null }) {
  const t = useTranslations("composer");
  const tokens = useTokenFormat();
  const share = useShareFormat();
  const { open, ref, toggle } = useTapLabel();
  const ratio = Math.min(Math.max(context?.usageRatio ?? 0, 0), 1);
  const level = contextLevel(ratio);
  const percent = share(ratio);

  const label = context
    ? t("contextTooltip", { used: tokens(context.inputTokens), window: tokens(context.contextWindow), percent })
    : t("contextEmpty");

  return (
    <Tooltip
      side="top-end"
      decorative
      open={open}
      content={
        <span data-testid="context-label">
          {label}
          {context?.summaryActive && (
            <>
              <br />
              {t("contextSummary")}
            </>
          )}
        </span>
      }
    >
      <button
        ref={ref}
        type="button"
        onClick={toggle}
        aria-label={context?.summaryActive ? `${label}. ${t("contextSummary")}` : label}
        className="flex h-8 items-center gap-1 rounded-full px-1.5 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="context-ring"
        data-summary={context?.summaryActive ? "active" : undefined}
        data-level={level}
        data-ratio={ratio.toFixed(4)}
      >
        <span className="relative flex size-5 items-center justify-center">
          <svg viewBox="0 0 20 20" className="size-5 -rotate-90" aria-hidden>
            <circle
              cx="10"
              cy="10"
              r={RADIUS}
              fill="none"
              strokeWidth="2.5"
              strokeDasharray={context ? undefined : "2.5 2.5"}
              className="stroke-border"
            />
            {ratio > 0 && (
              <circle
                cx="10"
                cy="10"
                r={RADIUS}
                fill="none"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeDasharray={CIRCUMFERENCE}
                strokeDashoffset={CIRCUMFERENCE * (1 - Math.max(ratio, 0.02))}
                className={cn(
                  "transition-[stroke-dashoffset] duration-500",
                  level === "danger" ? "stroke-danger" : level === "warn" ? "stroke-warning" : "stroke-brand",
                )}
              />
            )}
          </svg>
          {context?.summaryActive && (
            // A summary stands in for older messages: a small mark on the ring, explained in the label.
            <Layers className="absolute -right-1 -bottom-1 size-3 rounded-full bg-background text-brand" aria-hidden />
          )}
        </span>
        {context && (
          <span
            aria-hidden
            className={cn(
              "text-[11px] font-medium tabular-nums",
              level === "danger" ? "text-danger" : level === "warn" ? "text-warning" : "text-muted-foreground",
            )}
            data-testid="context-percent"
          >
            {percent}
          </span>
        )}
      </button>
    </Tooltip>
  );
}
