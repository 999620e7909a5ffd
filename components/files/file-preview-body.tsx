"use client";

import { Download, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Markdown } from "@/components/chat/markdown";
import { FileIcon } from "./file-icon";
import { previewKindOf, type PreviewKind } from "./file-kind";
import { downloadUrl, filesUrl } from "./file-urls";
import type { FileTarget } from "./types";
import { useFileText } from "./use-file-text";

/** A fence longer than any backtick run inside, so file content cannot close it early. */
function fenced(language: string, text: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

function TextPreview({ url, version, kind }: { url: string; version?: string; kind: PreviewKind }) {
  const t = useTranslations("files");
  const state = useFileText(url, version, true);
  if (state.status === "loading") {
    return (
      <p className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {t("loading")}
      </p>
    );
  }
  if (state.status === "failed")
    return <p className="p-4 text-sm text-danger">{state.message || t("previewFailed")}</p>;
  return (
    <div className="p-4">
      {kind.kind === "markdown" ? (
        <Markdown text={state.text} className="text-sm" />
      ) : kind.kind === "code" ? (
        <Markdown text={fenced(kind.language, state.text)} className="text-sm" />
      ) : (
        <pre className="overflow-x-auto rounded-xl border border-border bg-code p-3.5 font-mono text-[12.5px] leading-relaxed whitespace-pre-wrap break-words">
          {state.text}
        </pre>
      )}
      {state.truncated && <p className="mt-2 text-xs text-muted-foreground">{t("previewTruncated")}</p>}
    </div>
  );
}

/** The file itself: rendered text, markdown or code, an image, a PDF, or a download offer. */
export function FilePreviewBody({
  target,
  threadId,
  version,
}: {
  target: FileTarget;
  threadId: string;
  version?: string;
}) {
  const t = useTranslations("files");
  const kind = previewKindOf(target.name, target.mediaType);
  const url = filesUrl(target.scope, threadId, target.path);

  switch (kind.kind) {
    case "image":
      return (
        <div className="flex min-h-full items-start justify-center bg-muted/40 p-4">
          {/* A plain img: user files sit behind the session, next/image could not optimise them. */}
          {/* eslint-disable-next-line @next/next/no-img-element -- see above */}
          <img
            key={version}
            src={url}
            alt={target.name}
            className="max-w-full rounded-lg border border-border bg-background shadow-sm"
            data-testid="file-preview-image"
          />
        </div>
      );
    case "pdf":
      return (
        <iframe
          key={version}
          src={url}
          title={target.name}
          className="block h-full min-h-[60vh] w-full bg-muted"
          data-testid="file-preview-pdf"
        />
      );
    case "none":
      return (
        <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-muted">
            <FileIcon name={target.name} mediaType={target.mediaType} className="size-6" />
          </span>
          <p className="text-sm text-muted-foreground">{t("noPreview")}</p>
          <a
            href={downloadUrl(target.scope, threadId, target.path)}
            download
            className="inline-flex h-8 items-center gap-1.5 rounded-lg border border-border bg-background px-3 text-sm font-medium transition-colors hover:bg-muted"
          >
            <Download className="size-4" aria-hidden />
            {t("download")}
          </a>
        </div>
      );
    default:
      return <TextPreview url={url} version={version} kind={kind} />;
  }
}
