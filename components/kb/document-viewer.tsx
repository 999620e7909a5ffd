"use client";

import { cn } from "@/components/ui/cn";
import { ArrowLeft, ChevronDown, ChevronUp, FileText, LoaderCircle } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { ApiClientError } from "@/components/api/client";
import { useReportError } from "@/components/hooks/use-report-error";
import { Button } from "@/components/ui/button";
import { kbsApi, type KbDocument, type KbView } from "./api";
import { kbHref } from "./kb-links";
import { FailureReason } from "./failure-reason";
import { useDocumentWindow } from "./use-document-window";
import { LoadingBlock } from "@/components/ui/loading-block";

/**
 * A document's parsed text with line numbers, opened by `/kbs?kb=<id>&doc=<docId>&line=N&to=M`
 * (what a citation links to): scrolled to line N, lines N..M marked, more loaded either way.
 */
export function DocumentViewer({
  kb,
  docId,
  line,
  to,
}: {
  kb: KbView;
  docId: string;
  line: number | null;
  to: number | null;
}) {
  const t = useTranslations("kbs.viewer");
  const reportError = useReportError();
  const [doc, setDoc] = useState<KbDocument | null>(null);
  const { state, grow } = useDocumentWindow(kb.id, docId, line);
  const scroller = useRef<HTMLDivElement>(null);
  const scrolledTo = useRef(false);
  const fromBottom = useRef<number | null>(null);
  const first = line ?? 0;
  const last = line ? Math.max(line, to ?? line) : 0;

  useEffect(() => {
    let cancelled = false;
    kbsApi.document(kb.id, docId).then(
      (meta) => !cancelled && setDoc(meta),
      () => undefined, // the content request reports what is wrong with the document
    );
    return () => {
      cancelled = true;
    };
  }, [kb.id, docId]);

  const loaded = state.status === "ready" ? state.loaded : null;
  const lines = useMemo(() => (loaded ? loaded.text.replace(/\n$/, "").split("\n") : []), [loaded]);

  // Once the text is in, bring the requested line to the middle of the view.
  useEffect(() => {
    if (!loaded || scrolledTo.current || !line) return;
    scrolledTo.current = true;
    document.getElementById(`kb-line-${line}`)?.scrollIntoView({ block: "center" });
  }, [loaded, line]);

  // Text added above keeps what the reader was looking at in place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || fromBottom.current === null) return;
    el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [loaded?.offset]);

  function loadPrevious() {
    const el = scroller.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    grow("previous").catch(reportError);
  }

  const notParsed = state.status === "failed" && state.error instanceof ApiClientError && state.error.status === 409;
  const missing = state.status === "failed" && state.error instanceof ApiClientError && state.error.status === 404;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="kb-viewer" data-doc-id={docId}>
      <div className="shrink-0 border-b border-border px-4 pt-3 pb-3 sm:px-6">
        <Link
          href={kbHref(kb.id)}
          className="mb-2 inline-flex max-w-full items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
          data-testid="kb-viewer-back"
        >
          <ArrowLeft className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{t("back", { name: kb.name })}</span>
        </Link>
        <div className="flex min-w-0 items-center gap-2">
          <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <h2 className="min-w-0 truncate text-base font-semibold" data-testid="kb-viewer-name">
            {doc?.name ?? "\u00a0"}
          </h2>
        </div>
        {loaded && (
          <p className="mt-1 text-xs text-muted-foreground tabular-nums" data-testid="kb-viewer-range">
            {line
              ? t("showingFrom", { from: first, to: last, total: loaded.totalLines })
              : t("totalLines", { total: loaded.totalLines })}
          </p>
        )}
      </div>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto" data-testid="kb-viewer-scroll">
        {state.status === "loading" && <LoadingBlock className="m-4 h-40 sm:m-6" label={t("loading")} />}
        {state.status === "failed" && (
          <p className="px-6 py-10 text-center text-sm text-muted-foreground" data-testid="kb-viewer-error">
            {notParsed ? t("notParsed") : missing ? t("notFound") : t("loadFailed")}
            {notParsed && doc && <FailureReason doc={doc} className="mt-2 block text-danger" />}
          </p>
        )}
        {loaded && (
          <div className="mx-auto w-full max-w-5xl px-2 py-3 sm:px-4">
            {loaded.hasPrevious && (
              <GrowButton
                direction="previous"
                busy={state.status === "ready" && state.busy === "previous"}
                label={t("previous")}
                onClick={loadPrevious}
              />
            )}
            <div
              className="font-mono text-[12.5px] leading-relaxed"
              role="region"
              aria-label={t("textLabel", { name: doc?.name ?? "" })}
              data-testid="kb-viewer-text"
            >
              {lines.map((text, i) => {
                const n = loaded.startLine + i;
                const marked = n >= first && n <= last;
                return (
                  <div
                    key={n}
                    id={`kb-line-${n}`}
                    data-line={n}
                    data-highlighted={marked || undefined}
                    className={cn(
                      "grid grid-cols-[2.5rem_1fr] gap-2 sm:grid-cols-[4rem_1fr] sm:gap-3",
                      marked && "bg-warning/15 shadow-[inset_3px_0_0_var(--warning)]",
                    )}
                  >
                    <span className="pr-1 text-right text-muted-foreground/80 tabular-nums select-none" aria-hidden>
                      {n}
                    </span>
                    <span className="min-w-0 break-words whitespace-pre-wrap">{text || "\u00a0"}</span>
                  </div>
                );
              })}
            </div>
            {loaded.hasMore && (
              <GrowButton
                direction="more"
                busy={state.status === "ready" && state.busy === "more"}
                label={t("more")}
                onClick={() => void grow("more").catch(reportError)}
              />
            )}
          </div>
        )}
      </div>
    </div>
  );
}

function GrowButton({
  direction,
  busy,
  label,
  onClick,
}: {
  direction: "previous" | "more";
  busy: boolean;
  label: string;
  onClick: () => void;
}) {
  const Icon = busy ? LoaderCircle : direction === "previous" ? ChevronUp : ChevronDown;
  return (
    <div className="flex justify-center py-2">
      <Button variant="outline" size="sm" onClick={onClick} disabled={busy} data-testid={`kb-viewer-${direction}`}>
        <Icon className={cn("size-4", busy && "animate-spin")} aria-hidden />
        {label}
      </Button>
    </div>
  );
}
