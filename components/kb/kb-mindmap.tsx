"use client";

import { LoaderCircle, Network, RefreshCw, RotateCcw, Sparkles, TriangleAlert, type LucideIcon } from "lucide-react";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { FormError } from "@/components/forms/fields";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { Button, type ButtonProps } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { KbView } from "./api";
import { MindmapTree } from "./mindmap-tree";
import { useKbMindmap } from "./use-kb-mindmap";
import { LoadingBlock } from "@/components/ui/loading-block";

/**
 * The Mind map tab: the topics a model drew from the documents' titles and headings, as a tree.
 * Managers generate and regenerate it; while a new one is written the previous one stays.
 */
export function KbMindmap({ kb }: { kb: KbView }) {
  const t = useTranslations("kbs.mindmap");
  const format = useFormatter();
  const now = useNow({ updateInterval: 30_000 });
  const errorMessage = useErrorMessage();
  const canManage = kb.access === "manage";
  const { map, loadFailed, generating, requesting, requestError, generate } = useKbMindmap(kb.id);

  if (!map) {
    return loadFailed ? (
      <p className="py-10 text-center text-sm text-muted-foreground" data-testid="kb-mindmap-load-failed">
        {t("loadFailed")}
      </p>
    ) : (
      <LoadingBlock className="h-48" label={t("loading")} />
    );
  }

  const busy = generating || requesting;
  const generateButton = (label: string, Icon: LucideIcon, props: ButtonProps = {}) =>
    canManage && (
      <Button size="sm" {...props} disabled={busy} onClick={() => void generate()} data-testid="kb-mindmap-generate">
        {busy ? (
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
        ) : (
          <Icon className="size-3.5" aria-hidden />
        )}
        {label}
      </Button>
    );
  const updatedAt = map.updatedAt ? new Date(Math.min(Date.parse(map.updatedAt), now.getTime())) : null;

  return (
    <div className="space-y-4" data-testid="kb-mindmap" data-status={map.status}>
      {generating && <GeneratingNotice compact={map.tree !== null} />}
      {map.status === "failed" && (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-xl border border-danger/25 bg-danger-soft px-3.5 py-3 text-sm"
          data-testid="kb-mindmap-failed"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-danger">{t("failedTitle")}</p>
            {map.error && (
              <p className="mt-0.5 break-words" data-testid="kb-mindmap-failed-reason">
                {map.error}
              </p>
            )}
            {map.tree && <p className="mt-0.5 text-muted-foreground">{t("failedKeeps")}</p>}
            {canManage && (
              <div className="mt-2.5">{generateButton(t("tryAgain"), RotateCcw, { variant: "outline" })}</div>
            )}
          </div>
        </div>
      )}
      <FormError
        message={requestError ? errorMessage(requestError, { "conflict:kb": t("noIndexedDocuments") }) : null}
        data-testid="kb-mindmap-error"
      />
      {map.tree ? (
        <MindmapTree
          key={map.updatedAt}
          kbId={kb.id}
          kbName={kb.name}
          tree={map.tree}
          documents={map.documents}
          meta={
            updatedAt && (
              <time
                dateTime={map.updatedAt!}
                title={format.dateTime(updatedAt, { dateStyle: "medium", timeStyle: "short" })}
                data-testid="kb-mindmap-updated"
              >
                {now.getTime() - updatedAt.getTime() < 60_000
                  ? t("generatedJustNow")
                  : t("generated", { when: format.relativeTime(updatedAt, now) })}
              </time>
            )
          }
          actions={
            map.status !== "failed" &&
            generateButton(t("regenerate"), RefreshCw, { variant: "outline", className: "h-7 px-2.5 text-xs" })
          }
        />
      ) : (
        !generating &&
        map.status !== "failed" && (
          <div
            className="flex flex-col items-center rounded-2xl border border-dashed border-border px-5 py-10 text-center"
            data-testid="kb-mindmap-empty"
          >
            <span className="flex size-11 items-center justify-center rounded-2xl bg-brand-soft text-brand">
              <Network className="size-5" aria-hidden />
            </span>
            <h3 className="mt-3 text-sm font-semibold">{t("emptyTitle")}</h3>
            <p className="mt-1 max-w-md text-sm text-muted-foreground">{t("emptyBody")}</p>
            {canManage ? (
              <div className="mt-5">{generateButton(t("generate"), Sparkles)}</div>
            ) : (
              <p className="mt-3 max-w-md text-sm text-muted-foreground" data-testid="kb-mindmap-reader-note">
                {t("emptyReader")}
              </p>
            )}
          </div>
        )
      )}
    </div>
  );
}

/** Shown while the model writes the map: alone when there is none yet, else as a strip above the old one. */
function GeneratingNotice({ compact }: { compact: boolean }) {
  const t = useTranslations("kbs.mindmap");
  return (
    <div
      role="status"
      className={cn(
        "rounded-2xl border text-sm",
        compact ? "border-brand/25 bg-brand-soft px-3.5 py-3" : "border-border bg-card px-5 py-10 text-center",
      )}
      data-testid="kb-mindmap-generating"
    >
      <div className={cn("flex gap-2", compact ? "items-start" : "flex-col items-center")}>
        <LoaderCircle
          className={cn("shrink-0 animate-spin text-brand", compact ? "mt-0.5 size-4" : "size-5")}
          aria-hidden
        />
        <div className="min-w-0">
          <p className="font-medium">{compact ? t("generatingAgain") : t("generatingTitle")}</p>
          <p className="mt-0.5 text-muted-foreground">{t("generatingBody")}</p>
        </div>
      </div>
      <div
        role="progressbar"
        aria-label={t("progressLabel")}
        className={cn("mt-3 h-1.5 overflow-hidden rounded-full bg-brand/10", !compact && "mx-auto max-w-xs")}
      >
        {/* No end to show: a glow that pulses, never a bar that looks full. */}
        <div className="h-full w-full animate-pulse bg-linear-to-r from-transparent via-brand/70 to-transparent" />
      </div>
    </div>
  );
}
