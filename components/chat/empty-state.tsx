"use client";

import { useTranslations } from "next-intl";
import { LogoMark } from "@/components/brand/logo";

const SUGGESTIONS = ["plan", "explain", "code", "write"] as const;

export function EmptyHero({ name }: { name?: string }) {
  const t = useTranslations("empty");
  return (
    <div className="flex flex-1 flex-col items-center justify-end px-4 pb-8 text-center">
      <LogoMark className="size-10" />
      <h2 className="mt-5 text-2xl font-semibold tracking-tight sm:text-[28px]">
        {name ? t("greetingNamed", { name }) : t("greeting")}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground sm:text-base">{t("subtitle")}</p>
    </div>
  );
}

export function Suggestions({ onPick }: { onPick: (text: string) => void }) {
  const t = useTranslations("empty");
  return (
    <div className="flex flex-1 justify-center px-4 pt-4">
      <ul className="grid h-fit w-full max-w-3xl grid-cols-1 gap-2 sm:grid-cols-2">
        {SUGGESTIONS.map((key, index) => (
          <li key={key} className={index >= 2 ? "hidden sm:block" : undefined}>
            <button
              type="button"
              onClick={() => onPick(t(`suggestions.${key}.prompt`))}
              className="w-full rounded-2xl border border-border px-4 py-3 text-left transition-colors hover:bg-muted"
              data-testid="suggestion"
            >
              <span className="block text-sm font-medium">{t(`suggestions.${key}.title`)}</span>
              <span className="block truncate text-sm text-muted-foreground">{t(`suggestions.${key}.detail`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
