"use client";

import { Network } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";

/**
 * Coordinator mode for this chat: the agent delegates tasks to workers that run in
 * parallel and gathers their results. Applies to the messages sent from now on.
 */
export function CoordinatorToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const t = useTranslations("chat.coordinator");
  return (
    <button
      type="button"
      aria-pressed={on}
      title={t(on ? "onHint" : "offHint")}
      onClick={() => onChange(!on)}
      className={cn(
        "inline-flex h-8 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium transition-colors",
        on ? "bg-brand-soft text-brand" : "text-muted-foreground hover:bg-muted hover:text-foreground",
      )}
      data-testid="coordinator-toggle"
    >
      <Network className="size-4" aria-hidden />
      <span className="hidden sm:inline">{t("label")}</span>
      <span className="sr-only sm:hidden">{t("label")}</span>
    </button>
  );
}
