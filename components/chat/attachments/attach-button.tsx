"use client";

import { Paperclip } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { IconButton } from "@/components/ui/icon-button";

/** Paperclip that opens the system file picker; picked files go to `onFiles`. */
export function AttachButton({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const t = useTranslations("files");
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <IconButton
        label={t("attach")}
        icon={<Paperclip />}
        tooltipSide="top"
        disabled={disabled}
        onClick={() => input.current?.click()}
        className="rounded-full"
        data-testid="attach-button"
      />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
        data-testid="attach-input"
      />
    </>
  );
}
