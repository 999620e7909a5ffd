"use client";

import { Laptop, Smartphone } from "lucide-react";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { describeUserAgent } from "@/components/format/user-agent";
import { Button } from "@/components/ui/button";
import type { AccountSession } from "./types";

/** One row per sign-in: device, when it began and ends; this browser marked, the others can be ended. */
export function SessionList({
  sessions,
  busy,
  onEnd,
}: {
  sessions: AccountSession[];
  busy: boolean;
  onEnd: (session: AccountSession) => void;
}) {
  const t = useTranslations("account");
  const format = useFormatter();
  const now = useNow();

  return (
    <ul className="-mx-1 divide-y divide-border" data-testid="session-list">
      {sessions.map((session) => {
        const device = describeUserAgent(session.userAgent);
        const Icon = device.mobile ? Smartphone : Laptop;
        const name =
          device.browser && device.os
            ? t("deviceOn", { browser: device.browser, os: device.os })
            : (device.browser ?? device.os ?? t("unknownDevice"));
        return (
          <li
            key={session.id}
            className="flex items-center gap-3 px-1 py-3"
            data-testid="session-row"
            data-current={session.current || undefined}
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-muted">
              <Icon className="size-4 text-muted-foreground" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="truncate text-sm font-medium">{name}</span>
                {session.current && (
                  <span className="rounded-full bg-brand-soft px-2 py-0.5 text-[11px] font-medium text-brand">
                    {t("thisDevice")}
                  </span>
                )}
              </div>
              <p className="mt-0.5 text-xs text-muted-foreground">
                {t("signedIn", { when: format.relativeTime(new Date(session.createdAt), now) })}
                {" · "}
                {t("endsAt", {
                  date: format.dateTime(new Date(session.expiresAt), { dateStyle: "medium", timeStyle: "short" }),
                })}
              </p>
            </div>
            {!session.current && (
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => onEnd(session)}
                aria-label={t("endSessionNamed", { device: name })}
                data-testid="session-end"
              >
                {t("endSession")}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
