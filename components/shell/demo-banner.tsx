"use client";

import { FlaskConical } from "lucide-react";
import { useTranslations } from "next-intl";
import { useModels } from "./models-context";

export function DemoBanner() {
  const { demo } = useModels();
  const t = useTranslations("demo");
  if (!demo) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-warning/25 bg-warning/10 px-4 py-1.5 text-center text-xs text-foreground/80"
      data-testid="demo-banner"
    >
      <FlaskConical className="size-3.5 shrink-0 text-warning" aria-hidden />
      <span>{t("banner")}</span>
    </div>
  );
}
