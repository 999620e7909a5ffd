"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import type { ManagedAgent } from "./types";

const pill = "inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap";

/** `compact`: the copy shown under the name on narrow screens (no test id, so ids stay unique). */
export function TypeBadge({ agent, compact = false }: { agent: ManagedAgent; compact?: boolean }) {
  const t = useTranslations("agents.list");
  return (
    <span
      className={cn(pill, agent.isSubagent ? "bg-muted text-muted-foreground" : "bg-brand-soft text-brand")}
      data-testid={compact ? undefined : "agent-type-badge"}
    >
      {agent.isSubagent ? t("subagent") : t("agent")}
    </span>
  );
}

export function AccessBadge({ agent, compact = false }: { agent: ManagedAgent; compact?: boolean }) {
  const t = useTranslations("agents.list.access");
  return (
    <span
      className={cn(
        pill,
        agent.access === "manage" ? "border border-border text-foreground" : "bg-muted text-muted-foreground",
      )}
      data-testid={compact ? undefined : "agent-access"}
    >
      {t(agent.access)}
    </span>
  );
}

export function DefaultBadge() {
  const t = useTranslations("agents.list");
  return (
    <span
      className="shrink-0 rounded-md border border-brand/30 px-1.5 text-[11px] font-medium text-brand"
      data-testid="agent-default"
    >
      {t("default")}
    </span>
  );
}
