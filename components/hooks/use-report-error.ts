"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { toast } from "sonner";
import { ApiClientError, apiErrorFromChatError } from "@/components/api/client";

/**
 * Shows an API failure as a toast: known codes get a translated message, others the
 * server's message. A lost session sends the user back to sign-in.
 */
export function useReportError() {
  const t = useTranslations("errors");
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
      const message = apiError?.message || (error instanceof Error && !apiError ? error.message : "");
      toast.error(message && message.length < 300 ? message : t("generic"));
    },
    [t],
  );
}
