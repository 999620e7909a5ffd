"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiClientError, type ClientErrorCode } from "@/components/api/client";

/** Text for a failed request shown inside a form: a translated message for known codes, else the server's. */
export function useErrorMessage() {
  const t = useTranslations("errors");
  return useCallback(
    (error: unknown, known: Partial<Record<ClientErrorCode, string>> = {}): string => {
      if (!(error instanceof ApiClientError)) return t("generic");
      return known[error.code] ?? (error.message && error.message.length < 300 ? error.message : t("generic"));
    },
    [t],
  );
}
