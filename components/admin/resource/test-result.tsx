"use client";

import { cn } from "@/components/ui/cn";
import { CircleCheck, CircleX, X } from "lucide-react";
import type { ReactNode } from "react";

/** The outcome of "Test connection" under a card, in one or more lines, until dismissed. */
export function TestResultPanel({
  ok,
  dismissLabel,
  onDismiss,
  children,
  testIds,
}: {
  ok: boolean;
  dismissLabel: string;
  onDismiss: () => void;
  children: ReactNode;
  testIds: { panel: string; dismiss?: string };
}) {
  return (
    <div
      role="status"
      className={cn(
        "relative mx-4 mb-4 rounded-xl border px-4 py-3 pr-10 text-sm",
        ok ? "border-success/30 bg-success/5" : "border-danger/30 bg-danger-soft",
      )}
      data-testid={testIds.panel}
      data-ok={ok}
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label={dismissLabel}
        className="absolute top-2.5 right-2.5 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
        data-testid={testIds.dismiss}
      >
        <X className="size-3.5" aria-hidden />
      </button>
      {children}
    </div>
  );
}

/** One check of a test: passed or failed, what was checked, and why it failed. */
export function ResultLine({
  ok,
  title,
  detail,
  detailTestId,
}: {
  ok: boolean;
  title: string;
  detail?: ReactNode;
  detailTestId?: string;
}) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div className="flex items-start gap-2 [&+&]:mt-2">
      <Icon className={cn("mt-0.5 size-4 shrink-0", ok ? "text-success" : "text-danger")} aria-hidden />
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        {detail && (
          <p className="mt-0.5 text-xs break-words text-muted-foreground" data-testid={detailTestId}>
            {detail}
          </p>
        )}
      </div>
    </div>
  );
}
