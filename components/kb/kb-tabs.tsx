"use client";

import { cn } from "@/components/ui/cn";
import { FileText, Network, Search, Settings2 } from "lucide-react";
import { useTranslations } from "next-intl";
import type { KeyboardEvent } from "react";
import type { KbTab } from "./kb-links";

const TABS = [
  { tab: "documents", icon: FileText },
  { tab: "retrieval", icon: Search },
  { tab: "mindmap", icon: Network },
  { tab: "settings", icon: Settings2 },
] as const;

/** Documents, Retrieval test, Mind map and (for managers) Settings, in the underlined tab look of the file panel. */
export function KbTabs({
  value,
  canManage,
  onChange,
}: {
  value: KbTab;
  canManage: boolean;
  onChange: (tab: KbTab) => void;
}) {
  const t = useTranslations("kbs.tabs");
  const tabs = TABS.filter(({ tab }) => tab !== "settings" || canManage);

  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = tabs.findIndex(({ tab }) => tab === value);
    const next = tabs[(index + step + tabs.length) % tabs.length].tab;
    onChange(next);
    document.getElementById(`kb-tab-${next}`)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={t("label")}
      onKeyDown={onKeyDown}
      className="mt-4 flex gap-1 overflow-x-auto border-b border-border"
    >
      {tabs.map(({ tab, icon: Icon }) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            id={`kb-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={`kb-panel-${tab}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={cn(
              "-mb-px flex h-10 shrink-0 items-center gap-1.5 border-b-2 px-2.5 text-[13px] font-medium whitespace-nowrap transition-colors",
              selected
                ? "border-brand text-foreground"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )}
            data-testid={`kb-tab-${tab}`}
          >
            <Icon className="size-3.5" aria-hidden />
            {t(tab)}
          </button>
        );
      })}
    </div>
  );
}
