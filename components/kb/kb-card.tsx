"use client";

import { Library } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { KbView } from "./api";
import { KbAccessBadge, KbStatusLine } from "./kb-badges";
import { kbHref } from "./kb-links";

/** One knowledge base in the list: the whole card opens it. */
export function KbCard({ kb }: { kb: KbView }) {
  const t = useTranslations("kbs");
  return (
    <article
      className="group relative flex min-w-0 flex-col rounded-2xl border border-border bg-card p-4 transition-[border-color,box-shadow] hover:border-brand/40 hover:shadow-(--shadow-popover)"
      data-testid="kb-card"
      data-kb-id={kb.id}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <Library className="size-4" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <Link
            href={kbHref(kb.id)}
            className="block truncate font-medium outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
            data-testid="kb-open"
          >
            {kb.name}
          </Link>
          <p className="text-xs text-muted-foreground tabular-nums" data-testid="kb-counts">
            {t("counts", { documents: kb.documentCount, chunks: kb.chunkCount })}
          </p>
        </div>
        <KbAccessBadge access={kb.access} />
      </div>
      <p className="mt-2.5 line-clamp-2 min-h-10 text-sm break-words text-muted-foreground">
        {kb.description || t("noDescription")}
      </p>
      <KbStatusLine kb={kb} className="mt-3" />
    </article>
  );
}
