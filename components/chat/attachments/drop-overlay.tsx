"use client";

import { Upload } from "lucide-react";
import { useTranslations } from "next-intl";

/** Shown over the chat while files are dragged onto it. */
export function DropOverlay() {
  const t = useTranslations("files");
  return (
    <div
      className="pointer-events-none absolute inset-2 z-20 flex animate-fade-in items-center justify-center rounded-3xl border-2 border-dashed border-brand/60 bg-background/85 backdrop-blur-[2px]"
      data-testid="drop-zone"
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-soft text-brand">
          <Upload className="size-6" aria-hidden />
        </span>
        <p className="text-base font-medium">{t("dropTitle")}</p>
        <p className="max-w-xs text-sm text-muted-foreground">{t("dropHint")}</p>
      </div>
    </div>
  );
}
