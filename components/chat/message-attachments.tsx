"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { FileIcon } from "@/components/files/file-icon";
import { previewKindOf } from "@/components/files/file-kind";
import { useFilePanel } from "@/components/files/file-panel-context";
import { filesUrl } from "@/components/files/file-urls";
import { useFileSize } from "@/components/files/use-file-size";
import type { MessageAttachment } from "@/lib/files/message-attachments";

/** An image the message carried, as a thumbnail; a file that is gone falls back to its icon. */
function Thumbnail({ src, attachment }: { src: string; attachment: MessageAttachment }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <FileIcon name={attachment.name} mediaType={attachment.mediaType} className="size-5" />;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the conversation's own file, served by the files route
    <img
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className="size-full object-cover"
      data-testid="message-attachment-thumbnail"
    />
  );
}

/**
 * The files a user message carried, above its text: name, size and type, images as
 * thumbnails. A click opens the file in the chat's file panel.
 */
export function MessageAttachments({ attachments }: { attachments: MessageAttachment[] }) {
  const t = useTranslations("files");
  const size = useFileSize();
  const files = useFilePanel();
  if (!attachments.length) return null;
  return (
    <ul className="flex max-w-full flex-wrap justify-end gap-1.5" data-testid="message-attachments">
      {attachments.map((attachment) => {
        const image = previewKindOf(attachment.name, attachment.mediaType).kind === "image";
        return (
          <li key={attachment.path} className="min-w-0">
            <button
              type="button"
              onClick={() =>
                files.showFile({
                  scope: "workdir",
                  path: attachment.path,
                  name: attachment.name,
                  size: attachment.size,
                  mediaType: attachment.mediaType,
                })
              }
              title={attachment.name}
              aria-label={t("openAttachment", { name: attachment.name })}
              className="flex max-w-64 min-w-0 items-center gap-2 rounded-xl border border-border bg-card py-1.5 pr-3 pl-1.5 text-left transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
              data-testid="message-attachment"
              data-path={attachment.path}
            >
              <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-muted">
                {image ? (
                  <Thumbnail src={filesUrl("workdir", files.threadId, attachment.path)} attachment={attachment} />
                ) : (
                  <FileIcon name={attachment.name} mediaType={attachment.mediaType} className="size-5" />
                )}
              </span>
              <span className="flex min-w-0 flex-col leading-tight">
                <span className="truncate text-[13px] font-medium" data-testid="message-attachment-name">
                  {attachment.name}
                </span>
                <span className="truncate text-[11px] text-muted-foreground tabular-nums">{size(attachment.size)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
