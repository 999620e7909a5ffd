"use client";

import { Download, Eye } from "lucide-react";
import { useTranslations } from "next-intl";
import { FileIcon } from "@/components/files/file-icon";
import { extensionOf } from "@/components/files/file-kind";
import { useFilePanel } from "@/components/files/file-panel-context";
import { downloadUrl } from "@/components/files/file-urls";
import type { Artifact } from "@/components/files/types";
import { useFileSize } from "@/components/files/use-file-size";

function ArtifactCard({ artifact }: { artifact: Artifact }) {
  const t = useTranslations("files");
  const panel = useFilePanel();
  const size = useFileSize();
  const type = artifact.name.includes(".") ? extensionOf(artifact.name).toUpperCase() : "";

  return (
    <div
      className="flex min-w-0 items-center gap-3 rounded-xl border border-border bg-card p-2.5 pr-2"
      data-testid="artifact-card"
      data-path={artifact.path}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted">
        <FileIcon name={artifact.name} mediaType={artifact.mediaType} className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col leading-tight">
        <span className="truncate text-sm font-medium" title={artifact.path}>
          {artifact.name}
        </span>
        <span className="truncate text-xs text-muted-foreground tabular-nums">
          {type ? `${type} · ` : ""}
          {size(artifact.size)}
        </span>
      </span>
      <button
        type="button"
        onClick={() => panel.showFile({ ...artifact })}
        className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-[13px] font-medium transition-colors hover:bg-muted"
        data-testid="artifact-open"
      >
        <Eye className="size-4 text-muted-foreground" aria-hidden />
        {t("open")}
      </button>
      <a
        href={downloadUrl(artifact.scope, panel.threadId, artifact.path)}
        download
        aria-label={t("downloadNamed", { name: artifact.name })}
        title={t("download")}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
        data-testid="artifact-download"
      >
        <Download className="size-4" aria-hidden />
      </a>
    </div>
  );
}

/** Files the agent presented (`present_artifacts`): open one in the file panel or download it. */
export function ArtifactCards({ artifacts }: { artifacts: Artifact[] }) {
  if (!artifacts.length) return null;
  return (
    <div className="grid grid-cols-[repeat(auto-fit,minmax(min(17rem,100%),1fr))] gap-2" data-testid="artifact-cards">
      {artifacts.map((artifact) => (
        <ArtifactCard key={`${artifact.scope}:${artifact.path}`} artifact={artifact} />
      ))}
    </div>
  );
}
