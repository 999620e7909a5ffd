"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { toast } from "sonner";
import { ApiClientError, apiErrorFromChatError } from "@/components/api/client";
import { useApiErrorText } from "@/components/api/use-api-error-text";

/**
 * Shows an API failure as a toast in the user's language (useApiErrorText). A lost session sends the user back to sign-in.
 */
export function useReportError() {
  const t = useTranslations("errors");
  const apiErrorText = useApiErrorText();
  return useCallback(
    (error: unknown) => {
      const apiError =
        error instanceof ApiClientError ? error : error instanceof Error ? apiErrorFromChatError(error) : null;
      if (apiError?.status === 401 || apiError?.code.startsWith("unauthorized:")) {
        const back = `${window.location.pathname}${window.location.search}`;
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load drops the expired session's client state
        window.location.assign(`/login?callbackUrl=${encodeURIComponent(back)}`);
        return;
      }
      if (apiError?.code === "conflict:run") {
        toast.warning(t("runConflict"));
        return;
      }
      if (apiError?.code.startsWith("rate_limited:")) {
        toast.error(t("rateLimited"));
        return;
      }
      const message = apiError
        ? apiErrorText(apiError)
        : error instanceof Error && error.message.length < 300
          ? error.message
          : null;
      toast.error(message || t("generic"));
    },
    [t, apiErrorText],
  );
}
