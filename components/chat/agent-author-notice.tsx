"use client";

import { UserRound } from "lucide-react";
import { useTranslations } from "next-intl";

/**
 * Above the message box of a conversation whose agent another user wrote: whose instructions
 * these are, and that anything which may leave the machine asks first (README, "Shared agents").
 */
export function AgentAuthorNotice({ author }: { author: string }) {
  const t = useTranslations("chat");
  return (
    <p
      className="mb-2 flex min-w-0 items-start gap-1.5 px-1 text-xs text-muted-foreground"
      data-testid="agent-author-notice"
    >
      <UserRound className="mt-px size-3.5 shrink-0" aria-hidden />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-medium text-foreground">{t("instructionsBy", { name: author })}</span>
        {" · "}
        {t("instructionsByHint")}
      </span>
    </p>
  );
}
