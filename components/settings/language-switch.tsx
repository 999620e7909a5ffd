"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { LOCALE_COOKIE, LOCALES, type Locale } from "@/lib/i18n/config";
import { Segmented } from "@/components/ui/segmented";

/** Language names are written in their own language, so they never get translated. */
const NATIVE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale() as Locale;
  const router = useRouter();
  const t = useTranslations("settings");
  const [, startTransition] = useTransition();

  function change(next: Locale) {
    if (next === locale) return;
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    startTransition(() => router.refresh());
  }

  return (
    <Segmented
      label={t("language")}
      value={locale}
      onChange={change}
      options={LOCALES.map((value) => ({ value, label: NATIVE_NAMES[value] }))}
      className={className}
      data-testid="language-switch"
    />
  );
}
