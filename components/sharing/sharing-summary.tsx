"use client";

import { Globe, Lock, Users } from "lucide-react";
import { useTranslations } from "next-intl";
import type { Sharing } from "@/lib/sharing/types";
import { isEmptyScope, summarizeScope, type ScopeSummary } from "./sharing-state";

/** "Private", "Everyone" or "Research, 2 people"; a second line when others may also edit. */
export function SharingSummary({
  sharing,
  departmentName,
}: {
  sharing: Sharing | undefined;
  departmentName: (id: string) => string | undefined;
}) {
  const t = useTranslations("sharing.summary");
  if (!sharing) return <span className="text-muted-foreground">{t("hidden")}</span>;

  const text = (summary: ScopeSummary) => {
    if (summary.kind === "nobody") return t("private");
    if (summary.kind === "everyone") return t("everyone");
    const parts = [...summary.departments];
    if (summary.otherDepartments > 0) parts.push(t("departments", { count: summary.otherDepartments }));
    if (summary.people > 0) parts.push(t("people", { count: summary.people }));
    return parts.join(", ");
  };
  const read = summarizeScope(sharing.read, departmentName);
  const Icon = read.kind === "everyone" ? Globe : read.kind === "nobody" ? Lock : Users;

  return (
    <span className="block min-w-0" data-testid="agent-shared-with" data-kind={read.kind}>
      <span className="flex items-center gap-1.5">
        <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <span className="truncate">{text(read)}</span>
      </span>
      {!isEmptyScope(sharing.manage) && (
        <span className="block truncate text-xs text-muted-foreground">
          {t("canEdit", { who: text(summarizeScope(sharing.manage, departmentName)) })}
        </span>
      )}
    </span>
  );
}
