"use client";

import { ArrowUpRight, FileText } from "lucide-react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { KbSearchHit } from "./api";
import { highlightSegments } from "./highlight";
import { kbDocumentHref } from "./kb-links";

/** One ranked passage: where it is (file, section, lines), its score, its text with the query's words marked. */
export function RetrievalResult({
  kbId,
  hit,
  rank,
  query,
}: {
  kbId: string;
  hit: KbSearchHit;
  rank: number;
  query: string;
}) {
  const t = useTranslations("kbs.retrieval");
  const format = useFormatter();
  const segments = useMemo(() => highlightSegments(hit.content, query), [hit.content, query]);
  const lines =
    hit.endLine > hit.startLine
      ? t("lineRange", { from: hit.startLine, to: hit.endLine })
      : t("line", { line: hit.startLine });

  return (
    <li
      className="rounded-2xl border border-border bg-card p-3.5 sm:p-4"
      data-testid="kb-result"
      data-file-id={hit.fileId}
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 w-5 shrink-0 text-xs font-medium text-muted-foreground tabular-nums">{rank}</span>
        <div className="min-w-0 flex-1">
          <p className="flex min-w-0 items-center gap-1.5 text-sm font-medium">
            <FileText className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            <span className="truncate" data-testid="kb-result-file">
              {hit.fileName}
            </span>
          </p>
          <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
            {hit.headingPath.length > 0 && (
              <span className="min-w-0 break-words" data-testid="kb-result-section">
                {hit.headingPath.join(" › ")}
              </span>
            )}
            <span className="tabular-nums" data-testid="kb-result-lines">
              {lines}
            </span>
            <span className="tabular-nums" data-testid="kb-result-score">
              {t("score", { score: format.number(hit.score, { maximumFractionDigits: 3 }) })}
            </span>
          </p>
        </div>
        <Link
          href={kbDocumentHref(kbId, hit.fileId, { line: hit.startLine, to: hit.endLine })}
          className="inline-flex h-7 shrink-0 items-center gap-1 rounded-md border border-border bg-background px-2.5 text-xs font-medium transition-colors hover:bg-muted"
          data-testid="kb-result-open"
        >
          {t("open")}
          <ArrowUpRight className="size-3.5" aria-hidden />
        </Link>
      </div>
      <p
        className="mt-2.5 max-h-64 overflow-y-auto rounded-xl bg-muted/50 px-3 py-2 text-[13px] leading-relaxed break-words whitespace-pre-wrap"
        data-testid="kb-result-content"
      >
        {segments.map((segment, i) =>
          segment.match ? (
            <mark key={i} className="rounded-sm bg-warning/25 px-0.5 text-foreground">
              {segment.text}
            </mark>
          ) : (
            segment.text
          ),
        )}
      </p>
    </li>
  );
}
