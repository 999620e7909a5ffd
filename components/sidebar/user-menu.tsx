"use client";

import { ChevronsUpDown, LogOut } from "lucide-react";
import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { LanguageSwitch } from "@/components/settings/language-switch";
import { ThemeSwitch } from "@/components/settings/theme-switch";
import { Popover } from "@/components/ui/popover";

export type ShellUser = { displayName: string; username: string; role: string };

export function UserMenu({ user }: { user: ShellUser }) {
  const t = useTranslations("settings");
  const [signingOut, setSigningOut] = useState(false);
  const name = user.displayName || user.username;
  const initial = name.trim().charAt(0).toUpperCase() || "?";

  async function logout() {
    setSigningOut(true);
    try {
      await signOut({ redirect: false });
    } finally {
      window.location.assign("/login");
    }
  }

  return (
    <Popover
      label={t("menu")}
      placement="top-start"
      className="w-[calc(100%)] min-w-64 space-y-1 p-2"
      trigger={(props) => (
        <button
          {...props}
          type="button"
          className="flex w-full items-center gap-2.5 rounded-lg px-2 py-1.5 text-left transition-colors hover:bg-accent aria-expanded:bg-accent"
          data-testid="user-menu"
        >
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand">
            {initial}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium" data-testid="user-display-name">
              {name}
            </span>
            <span className="block truncate text-xs text-muted-foreground">{t(`roles.${user.role}`)}</span>
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </button>
      )}
    >
      {() => (
        <>
          <div className="px-1 pb-1">
            <p className="px-1 pb-1.5 text-xs font-medium text-muted-foreground">{t("theme")}</p>
            <ThemeSwitch />
          </div>
          <div className="px-1 pb-1">
            <p className="px-1 pb-1.5 text-xs font-medium text-muted-foreground">{t("language")}</p>
            <LanguageSwitch />
          </div>
          <div className="-mx-2 my-1 h-px bg-border" />
          <button
            type="button"
            onClick={() => void logout()}
            disabled={signingOut}
            className="flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-foreground hover:bg-accent disabled:opacity-50"
            data-testid="logout-button"
          >
            <LogOut className="size-4 text-muted-foreground" aria-hidden />
            {t("logout")}
          </button>
        </>
      )}
    </Popover>
  );
}
