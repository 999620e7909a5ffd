"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import type { KbView } from "./api";

export const pill = "inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-medium whitespace-nowrap";

/** "Can manage" or "Read only": what this user may do with the knowledge base. */
export function KbAccessBadge({ access }: { access: KbView["access"] }) {
  const t = useTranslations("kbs.access");
  return (
    <span
      className={cn(
        pill,
        access === "manage" ? "bg-brand-soft text-brand" : "border border-border text-muted-foreground",
      )}
      data-testid="kb-access"
      data-access={access}
    >
      {t(access)}
    </span>
  );
}

/** One line on the documents: how many are still processing or failed, or that all are ready. */
export function KbStatusLine({ kb, className }: { kb: KbView; className?: string }) {
  const t = useTranslations("kbs.statusLine");
  const parts: { key: string; text: string; tone: string }[] = [];
  if (kb.processingCount > 0)
    parts.push({ key: "processing", text: t("processing", { count: kb.processingCount }), tone: "text-brand" });
  if (kb.errorCount > 0)
    parts.push({ key: "failed", text: t("failed", { count: kb.errorCount }), tone: "text-danger" });
  if (parts.length === 0)
    parts.push({
      key: "ready",
      text: kb.documentCount > 0 ? t("ready") : t("noDocuments"),
      tone: "text-muted-foreground",
    });
  return (
    <span className={cn("flex flex-wrap items-center gap-x-2 text-xs", className)} data-testid="kb-status-line">
      {parts.map((part) => (
        <span key={part.key} className={part.tone}>
          {part.text}
        </span>
      ))}
    </span>
  );
}
