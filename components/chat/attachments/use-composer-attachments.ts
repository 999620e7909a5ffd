"use client";

import { useCallback } from "react";
import { uploadFile } from "@/components/files/upload-request";
import { uploadsUrl } from "@/components/files/file-urls";
import type { UploadResult } from "@/components/files/types";
import { useUploads } from "@/components/files/use-uploads";

/**
 * The composer's attachments: each file is uploaded to the thread as soon as it is picked,
 * dropped or pasted. A new chat uploads under the id its first message will use (the server
 * creates the thread, with the chosen agent); the message text never mentions the files.
 */
export function useComposerAttachments({
  threadId,
  agentId,
  onUploaded,
}: {
  threadId: string;
  agentId: string | null;
  /** A file landed in the workdir (the file panel reads its listing again). */
  onUploaded: () => void;
}) {
  const start = useCallback(
    (file: File, onProgress: (fraction: number) => void) =>
      uploadFile<UploadResult>({ url: uploadsUrl(threadId), file, fields: agentId ? { agentId } : {}, onProgress }),
    [threadId, agentId],
  );
  return useUploads<UploadResult>({ start, onUploaded });
}

export type ComposerAttachments = ReturnType<typeof useComposerAttachments>;
