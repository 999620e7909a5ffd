"use client";

import { cn } from "@/components/ui/cn";
import { useId, type ReactNode } from "react";
import { Tooltip } from "@/components/ui/tooltip";

/**
 * An icon action that, when it cannot be used, stays focusable (aria-disabled) and says why in
 * its tooltip, instead of silently greying out.
 */
export function RowAction({
  label,
  icon,
  blockedReason,
  onClick,
  danger = false,
  side = "top",
  ...rest
}: {
  label: string;
  icon: ReactNode;
  blockedReason?: string | null;
  onClick: () => void;
  danger?: boolean;
  side?: "top" | "top-end";
  "data-testid"?: string;
}) {
  const blocked = Boolean(blockedReason);
  const reasonId = useId();
  return (
    <>
      {/* The reason stays in the button's description while the tip is closed too. */}
      {blocked && (
        <span id={reasonId} hidden>
          {blockedReason}
        </span>
      )}
      <Tooltip content={blockedReason || label} side={side} decorative>
        <button
          type="button"
          aria-label={label}
          aria-disabled={blocked || undefined}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={() => !blocked && onClick()}
          className={cn(
            "inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors [&_svg]:size-3.5",
            blocked
              ? "cursor-not-allowed opacity-40"
              : cn("hover:bg-accent", danger ? "hover:text-danger" : "hover:text-foreground"),
          )}
          data-testid={rest["data-testid"]}
        >
          {icon}
        </button>
      </Tooltip>
    </>
  );
}
