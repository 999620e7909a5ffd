"use client";

import { Bot, ChevronsUpDown, KeyRound, Library, LogOut, Shield, Sparkles, UserRound } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useSignOut } from "@/components/hooks/use-sign-out";
import { LanguageSwitch } from "@/components/settings/language-switch";
import { ThemeSwitch } from "@/components/settings/theme-switch";
import { Popover } from "@/components/ui/popover";

const MENU_LINK =
  "flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-foreground hover:bg-accent disabled:opacity-50";

export type ShellUser = { displayName: string; username: string; role: string };

export function UserMenu({ user }: { user: ShellUser }) {
  const t = useTranslations("settings");
  const tTokens = useTranslations("tokens");
  const tAdmin = useTranslations("admin");
  const tAgents = useTranslations("agents");
  const tSkills = useTranslations("skills");
  const tKbs = useTranslations("kbs");
  const tAccount = useTranslations("account");
  const { signingOut, signOut } = useSignOut();
  const name = user.displayName || user.username;
  const initial = name.trim().charAt(0).toUpperCase() || "?";

  return (
    <Popover
      label={t("menu")}
      placement="top-start"
      className="w-(--radix-popover-trigger-width) min-w-64 space-y-1 p-2"
      trigger={
        <button
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
      }
    >
      {(close) => (
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
          <Link href="/settings/account" className={MENU_LINK} onClick={close} data-testid="menu-account">
            <UserRound className="size-4 text-muted-foreground" aria-hidden />
            {tAccount("menuItem")}
          </Link>
          <Link href="/agents" className={MENU_LINK} onClick={close} data-testid="menu-agents">
            <Bot className="size-4 text-muted-foreground" aria-hidden />
            {tAgents("menuItem")}
          </Link>
          <Link href="/skills" className={MENU_LINK} onClick={close} data-testid="menu-skills">
            <Sparkles className="size-4 text-muted-foreground" aria-hidden />
            {tSkills("menuItem")}
          </Link>
          <Link href="/kbs" className={MENU_LINK} onClick={close} data-testid="menu-kbs">
            <Library className="size-4 text-muted-foreground" aria-hidden />
            {tKbs("menuItem")}
          </Link>
          <Link href="/settings/tokens" className={MENU_LINK} onClick={close} data-testid="menu-api-tokens">
            <KeyRound className="size-4 text-muted-foreground" aria-hidden />
            {tTokens("menuItem")}
          </Link>
          {(user.role === "admin" || user.role === "superadmin") && (
            <Link href="/admin" className={MENU_LINK} onClick={close} data-testid="menu-admin">
              <Shield className="size-4 text-muted-foreground" aria-hidden />
              {tAdmin("menuItem")}
            </Link>
          )}
          <button
            type="button"
            onClick={() => void signOut()}
            disabled={signingOut}
            className={MENU_LINK}
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
