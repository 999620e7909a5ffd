"use client";

import { MessageSquareOff } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { SidebarOpenButton } from "@/components/shell/sidebar-open-button";

export function ThreadNotFound() {
  const t = useTranslations("notFound");
  return (
    <div className="flex flex-1 flex-col" data-testid="thread-not-found">
      <div className="flex h-14 items-center px-3">
        <SidebarOpenButton />
      </div>
      <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-muted">
          <MessageSquareOff className="size-5 text-muted-foreground" aria-hidden />
        </span>
        <h1 className="mt-4 text-lg font-semibold">{t("title")}</h1>
        <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">{t("description")}</p>
        <Link
          href="/"
          className="mt-5 inline-flex h-9 items-center rounded-xl bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90"
        >
          {t("newChat")}
        </Link>
      </div>
    </div>
  );
}
