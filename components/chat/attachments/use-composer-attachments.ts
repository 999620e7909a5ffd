"use client";

import { useCallback } from "react";
import { ApiClientError, apiFetch } from "@/components/api/client";
import { uploadFile } from "@/components/files/upload-request";
import { filesUrl, uploadsUrl } from "@/components/files/file-urls";
import type { UploadResult } from "@/components/files/types";
import { useUploads } from "@/components/files/use-uploads";

/**
 * The composer's attachments: each file is uploaded to the thread as soon as it is picked,
 * dropped or pasted. A new chat uploads under the id its first message will use (the server
 * creates the thread, with the chosen agent); the message text never mentions the files.
 * Removing a finished one deletes the file and its attachment record, so no later run lists it.
 */
export function useComposerAttachments({
  threadId,
  agentId,
  onUploaded,
  onRemoved,
}: {
  threadId: string;
  agentId: string | null;
  /** A file landed in the workdir (the file panel reads its listing again). */
  onUploaded: () => void;
  /** An uploaded file was deleted from the workdir (its virtual path). */
  onRemoved: (path: string) => void;
}) {
  const start = useCallback(
    (file: File, onProgress: (fraction: number) => void) =>
      uploadFile<UploadResult>({ url: uploadsUrl(threadId), file, fields: agentId ? { agentId } : {}, onProgress }),
    [threadId, agentId],
  );
  const discard = useCallback(
    async (result: UploadResult) => {
      try {
        await apiFetch(filesUrl("workdir", threadId, result.path), { method: "DELETE" });
      } catch (error) {
        // Already gone (deleted from the file panel, with its record): nothing left to remove.
        if (!(error instanceof ApiClientError && error.status === 404)) throw error;
      }
    },
    [threadId],
  );
  return useUploads<UploadResult>({ start, onUploaded, discard, onDiscarded: (result) => onRemoved(result.path) });
}

export type ComposerAttachments = ReturnType<typeof useComposerAttachments>;
