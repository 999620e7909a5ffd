"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { ApiClientError } from "@/components/api/client";
import { useZipRefusalText } from "@/components/files/use-zip-refusal-text";
import { useApiErrorText } from "@/components/api/use-api-error-text";
import { uploadFile } from "@/components/files/upload-request";
import type { SkillScope, SkillView } from "./api";

export type UploadState =
  | { status: "idle" }
  | { status: "uploading"; name: string; progress: number }
  | { status: "failed"; name: string; message: string };

/** Uploads one skill zip; a refusal keeps the server's reason (traversal, symlink, size, SKILL.md) readable. */
export function useSkillUpload({ scope, onUploaded }: { scope: SkillScope; onUploaded: (skill: SkillView) => void }) {
  const t = useTranslations("skills.upload");
  const zipRefusalText = useZipRefusalText();
  const apiErrorText = useApiErrorText();
  const [state, setState] = useState<UploadState>({ status: "idle" });

  const reason = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiClientError)) return t("failed");
      const refusal = zipRefusalText(error);
      if (refusal) return refusal;
      if (error.code === "too_large:quota") return t("quotaFull");
      // English readers get the server's own sentence; others the code's text in their language.
      const text = error.status > 0 ? apiErrorText(error) : null;
      if (text) return text;
      return error.status === 413 ? t("tooLarge") : error.status === 0 ? t("network") : t("failed");
    },
    [t, zipRefusalText, apiErrorText],
  );

  const upload = useCallback(
    async (file: File) => {
      if (!/\.zip$/i.test(file.name)) return setState({ status: "failed", name: file.name, message: t("notZip") });
      setState({ status: "uploading", name: file.name, progress: 0 });
      try {
        const skill = await uploadFile<SkillView>({
          url: "/api/skills",
          file,
          fields: { scope },
          onProgress: (progress) => setState((s) => (s.status === "uploading" ? { ...s, progress } : s)),
        }).done;
        setState({ status: "idle" });
        onUploaded(skill);
      } catch (error) {
        setState({ status: "failed", name: file.name, message: reason(error) });
      }
    },
    [scope, onUploaded, reason, t],
  );

  return { state, upload, dismiss: () => setState({ status: "idle" }) };
}
