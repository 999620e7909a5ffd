"use client";

import { useCallback } from "react";
import { childPath, filesUrl, uploadsUrl } from "./file-urls";
import type { FileScope, UploadResult } from "./types";
import { uploadFile } from "./upload-request";
import { useUploads } from "./use-uploads";

/**
 * Uploads from the file panel: into the chat's uploads (the model is told about them) or
 * into the current folder of the personal workspace. Finished items leave the list.
 */
export function usePanelUploads({
  scope,
  threadId,
  agentId,
  folder,
  onUploaded,
}: {
  scope: FileScope;
  threadId: string;
  agentId: string | null;
  /** Virtual directory for workspace uploads. */
  folder: string | null;
  onUploaded: () => void;
}) {
  const start = useCallback(
    (file: File, onProgress: (fraction: number) => void) =>
      scope === "workdir"
        ? uploadFile<UploadResult>({ url: uploadsUrl(threadId), file, fields: agentId ? { agentId } : {}, onProgress })
        : uploadFile<UploadResult>({
            // Without a folder yet, a bare name is relative to the workspace root.
            url: filesUrl("workspace", threadId, folder ? childPath(folder, file.name) : file.name),
            method: "PUT",
            file,
            onProgress,
          }),
    [scope, threadId, agentId, folder],
  );
  const uploads = useUploads<UploadResult>({
    start,
    onUploaded: (_result, item) => {
      // Called after an upload finishes, long after this render assigned `uploads`.
      uploads.dismiss(item.id);
      onUploaded();
    },
  });
  return uploads;
}
