"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiClientError, type ClientErrorCode } from "@/components/api/client";
import { useApiErrorText } from "@/components/api/use-api-error-text";

/** Text for a failed request shown inside a form: the form's own text for a code it knows, else the code's in the user's language. */
export function useErrorMessage() {
  const t = useTranslations("errors");
  const apiErrorText = useApiErrorText();
  return useCallback(
    (error: unknown, known: Partial<Record<ClientErrorCode, string>> = {}): string => {
      if (!(error instanceof ApiClientError)) return t("generic");
      return known[error.code] ?? apiErrorText(error) ?? t("generic");
    },
    [t, apiErrorText],
  );
}
