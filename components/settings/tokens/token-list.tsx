"use client";

import { cn } from "@/components/ui/cn";
import { KeyRound } from "lucide-react";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { DeleteButton } from "@/components/ui/delete-button";
import type { ApiToken } from "./types";

export function TokenList({ tokens, onRevoke }: { tokens: ApiToken[]; onRevoke: (token: ApiToken) => void }) {
  const t = useTranslations("tokens");
  const format = useFormatter();
  // The time of the first render: expiry and "last used" do not tick while the page is open.
  const now = useNow();
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });

  return (
    <ul className="divide-y divide-border" data-testid="token-list">
      {tokens.map((token) => {
        const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now.getTime();
        return (
          <li key={token.id} className="flex items-center gap-3 px-4 py-3.5" data-testid={`token-row-${token.name}`}>
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-muted">
              <KeyRound className="size-4 text-muted-foreground" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="truncate text-sm font-medium">{token.name}</span>
                <code
                  className="rounded-md bg-muted px-1.5 py-0.5 font-mono text-[11px] text-muted-foreground"
                  data-testid="token-prefix"
                >
                  {token.prefix}…
                </code>
                {expired && (
                  <span className="rounded-full bg-danger-soft px-2 py-0.5 text-[11px] font-medium text-danger">
                    {t("expired")}
                  </span>
                )}
              </div>
              <p className="mt-0.5 text-xs text-muted-foreground">
                {t("created", { date: date(token.createdAt) })}
                {" · "}
                {token.lastUsedAt
                  ? t("lastUsed", { when: format.relativeTime(new Date(token.lastUsedAt), now) })
                  : t("neverUsed")}
                {" · "}
                <span className={cn(expired && "text-danger")}>
                  {token.expiresAt
                    ? t(expired ? "expiredOn" : "expiresOn", { date: date(token.expiresAt) })
                    : t("noExpiry")}
                </span>
              </p>
            </div>
            <DeleteButton
              label={t("revoke")}
              tooltipSide="top-end"
              onClick={() => onRevoke(token)}
              data-testid={`token-revoke-${token.name}`}
            />
          </li>
        );
      })}
    </ul>
  );
}
