"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiClientError } from "@/components/api/client";

/** A readable line for a failed upload: the size limit, a full workspace, a refused type, the network, or the server's words. */
export function useUploadError() {
  const t = useTranslations("files.errors");
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiClientError)) return t("generic");
      if (error.code === "too_large:quota") return t("quotaFull");
      if (error.status === 413) return t("tooLarge");
      if (error.status === 415) return t("refusedType");
      if (error.status === 0) return t("network");
      return error.message || t("generic");
    },
    [t],
  );
}

/** A readable line for a finished upload that could not be removed from the chat. */
export function useDiscardError() {
  const t = useTranslations("files.errors");
  return useCallback(
    (error: unknown): string => {
      // fetch rejects with a TypeError when the request never reached the server.
      if (error instanceof TypeError) return t("removeFailedBecause", { reason: t("network") });
      if (!(error instanceof ApiClientError)) return t("removeFailed");
      const reason = error.status === 0 ? t("network") : error.message;
      return reason ? t("removeFailedBecause", { reason }) : t("removeFailed");
    },
    [t],
  );
}
