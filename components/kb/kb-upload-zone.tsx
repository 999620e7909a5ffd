"use client";

import { FileWarning } from "lucide-react";
import { useTranslations } from "next-intl";
import { UploadStrip } from "@/components/files/upload-strip";
import { KB_UPLOAD_ACCEPT } from "./upload-formats";
import type { KbUploadState } from "./use-kb-upload";

type Props = {
  state: KbUploadState;
  dragging: boolean;
  onPick: (files: File[]) => void;
  onDismiss: () => void;
};

/** Where documents go in: a dashed strip to click (several files at once) or drop onto, with the upload's progress. */
export function KbUploadZone({ state, dragging, onPick, onDismiss }: Props) {
  const t = useTranslations("kbs.upload");

  return (
    <UploadStrip
      texts={{ title: t("title"), hint: t("hint"), dropNow: t("dropNow"), dismiss: t("dismiss") }}
      accept={KB_UPLOAD_ACCEPT}
      multiple
      dragging={dragging}
      upload={
        state.status === "uploading"
          ? { label: t("uploading", { count: state.count }), progress: state.progress }
          : null
      }
      refusal={state.status === "failed" ? { title: t("refused"), reason: state.message } : null}
      refusalIcon={FileWarning}
      testIds={{ zone: "kb-upload-zone", input: "kb-upload-input", refusal: "kb-upload-error" }}
      onPick={onPick}
      onDismiss={onDismiss}
    />
  );
}
