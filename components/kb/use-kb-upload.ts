"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { ApiClientError } from "@/components/api/client";
import { useZipRefusalText } from "@/components/files/use-zip-refusal-text";
import { useApiErrorText } from "@/components/api/use-api-error-text";
import { uploadFile } from "@/components/files/upload-request";
import { kbsApi, type KbDocument } from "./api";
import { unsupportedFiles } from "./upload-formats";

export type KbUploadState =
  { status: "idle" } | { status: "uploading"; count: number; progress: number } | { status: "failed"; message: string };

/** Sends the picked or dropped files in one request; a refusal keeps the server's reason readable. */
export function useKbUpload(kbId: string, onUploaded: (docs: KbDocument[]) => void) {
  const t = useTranslations("kbs.upload");
  const zipRefusalText = useZipRefusalText();
  const apiErrorText = useApiErrorText();
  const [state, setState] = useState<KbUploadState>({ status: "idle" });

  const reason = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiClientError)) return t("failed");
      const refusal = zipRefusalText(error);
      if (refusal) return refusal;
      // English readers get the server's own sentence; others the code's text in their language.
      const text = error.status > 0 ? apiErrorText(error) : null;
      if (text) return text;
      return error.status === 413 ? t("tooLarge") : error.status === 0 ? t("network") : t("failed");
    },
    [t, zipRefusalText, apiErrorText],
  );

  const upload = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const refused = unsupportedFiles(files);
      if (refused.length > 0)
        return setState({ status: "failed", message: t("unsupported", { names: refused.join(", ") }) });
      setState({ status: "uploading", count: files.length, progress: 0 });
      try {
        const docs = await uploadFile<KbDocument[]>({
          url: kbsApi.documentsUrl(kbId),
          file: files,
          onProgress: (progress) => setState((s) => (s.status === "uploading" ? { ...s, progress } : s)),
        }).done;
        setState({ status: "idle" });
        onUploaded(docs);
      } catch (error) {
        setState({ status: "failed", message: reason(error) });
      }
    },
    [kbId, onUploaded, reason, t],
  );

  return { state, upload, dismiss: () => setState({ status: "idle" }) };
}
