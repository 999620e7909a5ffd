"use client";

import { useTranslations } from "next-intl";
import { useApiList } from "@/components/hooks/use-api-list";
import { FormSection } from "@/components/forms/form-section";
import { ShellPageHeader } from "@/components/shell/shell-page-header";
import { LanguageSwitch } from "@/components/settings/language-switch";
import { ThemeSwitch } from "@/components/settings/theme-switch";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";
import { SessionsSection } from "./sessions-section";
import type { AccountProfile, AccountSession } from "./types";

/** The signed-in person's own settings: profile, appearance and language, password, sign-ins. */
export function AccountSettings({ account }: { account: AccountProfile }) {
  const t = useTranslations("account");
  const tSettings = useTranslations("settings");
  const sessions = useApiList<AccountSession>("/api/account/sessions");

  return (
    <div className="flex min-w-0 flex-1 flex-col" data-testid="account-page">
      <ShellPageHeader title={t("title")} />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6 sm:px-6 lg:py-8">
          <ProfileForm account={account} />
          <FormSection id="account-preferences" title={t("preferences")} description={t("preferencesHint")}>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5">
                <p className="text-sm font-medium">{tSettings("theme")}</p>
                <ThemeSwitch />
              </div>
              <div className="space-y-1.5">
                <p className="text-sm font-medium">{tSettings("language")}</p>
                <LanguageSwitch />
              </div>
            </div>
          </FormSection>
          <PasswordForm username={account.username} onChanged={() => void sessions.reload()} />
          <SessionsSection sessions={sessions} />
        </div>
      </div>
    </div>
  );
}
