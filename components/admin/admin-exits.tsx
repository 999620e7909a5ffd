"use client";

import { cn } from "@/components/ui/cn";
import { ArrowLeft, LogOut } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useSignOut } from "@/components/hooks/use-sign-out";

const STYLE = {
  // A compact row in the narrow header; full-width rows under the nav on wide screens.
  compact:
    "inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-muted-foreground hover:bg-accent hover:text-foreground",
  full: "flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-muted-foreground transition-colors hover:bg-accent/60 hover:text-foreground",
};

/** The ways out of the admin area: back to the chat, and sign out. */
export function AdminExits({ compact = false }: { compact?: boolean }) {
  const t = useTranslations("admin");
  const { signingOut, signOut } = useSignOut();
  const style = cn(STYLE[compact ? "compact" : "full"], "disabled:opacity-50");
  const suffix = compact ? "-mobile" : "";
  return (
    <>
      <Link href="/" className={style} data-testid={`admin-back-to-chat${suffix}`}>
        <ArrowLeft className="size-4" aria-hidden />
        {compact ? t("backToChatShort") : t("backToChat")}
      </Link>
      <button
        type="button"
        onClick={() => void signOut()}
        disabled={signingOut}
        aria-label={compact ? t("signOut") : undefined}
        title={compact ? t("signOut") : undefined}
        className={style}
        data-testid={`admin-sign-out${suffix}`}
      >
        <LogOut className="size-4" aria-hidden />
        {!compact && t("signOut")}
      </button>
    </>
  );
}
