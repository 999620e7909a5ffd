"use client";

import Link from "next/link";
import { BookOpen } from "lucide-react";
import { useTranslations } from "next-intl";
import type { KbSource } from "@/lib/agent/ui-parts";
import type { MeridianUIMessage } from "@/components/api/types";
import { kbDocumentHref } from "@/components/kb/kb-links";

/** The knowledge-base passages a message's `query_kb` calls returned, each once, in order. */
export function sourcesOfMessage(message: MeridianUIMessage): KbSource[] {
  const seen = new Set<string>();
  const out: KbSource[] = [];
  for (const part of message.parts) {
    if (part.type !== "data-kb-sources") continue;
    for (const s of part.data.sources ?? []) {
      const key = `${s.kbId}:${s.fileId}:${s.startLine}:${s.endLine}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(s);
    }
  }
  return out;
}

/** "Sources" under an answer built on knowledge-base results; each opens the document at its lines. */
export function KbSources({ sources }: { sources: KbSource[] }) {
  const t = useTranslations("chat.sources");
  if (sources.length === 0) return null;
  return (
    <nav aria-label={t("label")} className="flex flex-col gap-1.5" data-testid="kb-sources">
      <span className="text-xs font-medium text-muted-foreground">{t("label")}</span>
      <ol className="flex flex-wrap gap-1.5">
        {sources.map((s, i) => {
          const lines =
            s.startLine === s.endLine
              ? t("line", { line: s.startLine })
              : t("lines", { from: s.startLine, to: s.endLine });
          return (
            <li key={`${s.fileId}:${s.startLine}:${s.endLine}`} className="min-w-0 max-w-full">
              <Link
                href={kbDocumentHref(s.kbId, s.fileId, { line: s.startLine, to: s.endLine })}
                title={[s.kbName, ...s.headingPath].join(" › ")}
                aria-label={t("open", { index: i + 1, file: s.fileName, lines })}
                className="flex max-w-full items-center gap-1.5 rounded-lg border border-border bg-card px-2 py-1 text-xs hover:border-brand/50 hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-brand"
                data-testid="kb-source"
              >
                <span className="font-medium text-muted-foreground">{i + 1}</span>
                <BookOpen className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                <span className="truncate font-medium">{s.fileName}</span>
                <span className="shrink-0 text-muted-foreground">{lines}</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
