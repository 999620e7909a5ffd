"use client";

import { ArrowLeft, Library } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { KbView } from "./api";
import { KbAccessBadge, KbStatusLine } from "./kb-badges";

/** The opened knowledge base: back to the list, its name, description, access and counts. */
export function KbDetailHeader({ kb }: { kb: KbView }) {
  const t = useTranslations("kbs");
  return (
    <div>
      <Link
        href="/kbs"
        className="mb-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        data-testid="kb-back"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("backToList")}
      </Link>
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <Library className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="min-w-0 truncate text-lg font-semibold tracking-tight" data-testid="kb-name">
              {kb.name}
            </h2>
            <KbAccessBadge access={kb.access} />
          </div>
          {kb.description && (
            <p className="mt-0.5 line-clamp-3 text-sm break-words text-muted-foreground" data-testid="kb-description">
              {kb.description}
            </p>
          )}
          <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground tabular-nums">
            <span data-testid="kb-counts">{t("counts", { documents: kb.documentCount, chunks: kb.chunkCount })}</span>
            <KbStatusLine kb={kb} />
          </p>
        </div>
      </div>
    </div>
  );
}
