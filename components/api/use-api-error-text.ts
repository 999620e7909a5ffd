"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { isErrorCode } from "@/lib/errors/error-codes";
import type { ApiClientError } from "./client";

const MAX_SHOWN = 300;

/**
 * What to tell the user about a failed request, in their language. The server's message is
 * English and the most specific ("Department “Ops” does not exist."), so English readers get it;
 * everyone else gets the catalog's text for the error code (`errors.codes`), which every declared
 * code has. Null when there is nothing better than a generic line.
 */
export function useApiErrorText() {
  const t = useTranslations("errors");
  const english = useLocale().startsWith("en");
  return useCallback(
    (error: ApiClientError): string | null => {
      const server = error.message && error.message.length < MAX_SHOWN ? error.message : null;
      if (!isErrorCode(error.code)) return server;
      return english ? (server ?? t(`codes.${error.code}`)) : t(`codes.${error.code}`);
    },
    [t, english],
  );
}
