"use client";

import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { useEffect, useState } from "react";
import { ErrorView } from "@/components/status/error-view";
import { browserLocale } from "@/components/status/browser-locale";
import type { Locale } from "@/lib/i18n/config";
import "./globals.css";

// Loaded only when this page shows: it replaces the root layout, messages and theme included.
const catalogs: Record<Locale, () => Promise<{ default: AbstractIntlMessages }>> = {
  en: () => import("@/messages/en.json"),
  "zh-CN": () => import("@/messages/zh-CN.json"),
};

/** The root layout itself failed: the same message, in a document of its own. */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const [intl, setIntl] = useState<{ locale: Locale; messages: AbstractIntlMessages }>();
  useEffect(() => {
    const theme = localStorage.getItem("theme");
    const dark = theme === "dark" || (theme !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
    document.documentElement.classList.toggle("dark", dark);
    const locale = browserLocale();
    document.documentElement.lang = locale;
    void catalogs[locale]().then((m) => setIntl({ locale, messages: m.default }));
  }, []);
  const digest =
    error instanceof Object && "digest" in error && typeof error.digest === "string" ? error.digest : undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <body>
        {intl && (
          <NextIntlClientProvider
            locale={intl.locale}
            messages={intl.messages}
            timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
          >
            <ErrorView digest={digest} onRetry={retry} />
          </NextIntlClientProvider>
        )}
      </body>
    </html>
  );
}
