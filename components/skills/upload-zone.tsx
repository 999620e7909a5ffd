"use client";

import { FileArchive } from "lucide-react";
import { useTranslations } from "next-intl";
import { UploadStrip } from "@/components/files/upload-strip";
import type { UploadState } from "./use-skill-upload";

type Props = {
  state: UploadState;
  dragging: boolean;
  onPick: (file: File) => void;
  onDismiss: () => void;
};

/**
 * Where a skill zip goes in: a dashed strip to click (file picker) or drop onto, the upload's
 * progress, and a refusal in the server's words until it is dismissed.
 */
export function UploadZone({ state, dragging, onPick, onDismiss }: Props) {
  const t = useTranslations("skills.upload");

  return (
    <UploadStrip
      texts={{ title: t("title"), hint: t("hint"), dropNow: t("dropNow"), dismiss: t("dismiss") }}
      accept=".zip,application/zip"
      dragging={dragging}
      upload={
        state.status === "uploading" ? { label: t("uploading", { name: state.name }), progress: state.progress } : null
      }
      refusal={state.status === "failed" ? { title: t("refused", { name: state.name }), reason: state.message } : null}
      refusalIcon={FileArchive}
      testIds={{
        zone: "skill-upload-zone",
        input: "skill-upload-input",
        refusal: "skill-error",
        refusalMessage: "skill-error-message",
      }}
      onPick={([file]) => onPick(file)}
      onDismiss={onDismiss}
    />
  );
}
