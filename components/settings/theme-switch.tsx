"use client";

import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslations } from "next-intl";
import { useTheme } from "next-themes";
import { Segmented } from "@/components/ui/segmented";
import { useMounted } from "@/components/hooks/use-mounted";

type ThemeChoice = "light" | "dark" | "system";

export function ThemeSwitch({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  const mounted = useMounted();
  const t = useTranslations("settings");
  const icon = "size-3.5";

  return (
    <Segmented<ThemeChoice>
      label={t("theme")}
      value={mounted ? ((theme as ThemeChoice | undefined) ?? "system") : undefined}
      onChange={setTheme}
      options={[
        {
          value: "light",
          label: (
            <>
              <Sun className={icon} aria-hidden />
              {t("themeLight")}
            </>
          ),
        },
        {
          value: "dark",
          label: (
            <>
              <Moon className={icon} aria-hidden />
              {t("themeDark")}
            </>
          ),
        },
        {
          value: "system",
          label: (
            <>
              <Monitor className={icon} aria-hidden />
              {t("themeSystem")}
            </>
          ),
        },
      ]}
      className={className}
      data-testid="theme-switch"
    />
  );
}
