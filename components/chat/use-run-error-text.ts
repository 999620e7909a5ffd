"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { isErrorCode } from "@/lib/errors/error-codes";

/** Run failures the catalog words itself; the server's sentence (English) stays for English readers. */
const RUN_CODES = new Set([
  "model:auth",
  "model:connection",
  "model:context_overflow",
  "model:error",
  "model:overloaded",
  "model:rate_limited",
  "internal:run",
  "subagent_failed",
]);
/** Codes whose server message carries a detail worth keeping (the provider's or the tool's own words). */
const WITH_DETAIL = new Set(["model:error", "internal:run", "subagent_failed"]);

/** Why a run failed, in the user's language (lib/runs/run-errors.ts writes the codes). */
export function useRunErrorText() {
  const t = useTranslations("chat.runErrors");
  const tErrors = useTranslations("errors.codes");
  const english = useLocale().startsWith("en");
  return useCallback(
    (error: { code?: string; message?: string } | null | undefined): string | null => {
      if (!error) return null;
      const message = error.message?.trim() || "";
      if (english || !error.code) return message || null;
      const code = error.code;
      if (isErrorCode(code)) return tErrors(code);
      if (!RUN_CODES.has(code)) return message || null;
      const lead = t(code.replace(":", "_"));
      return WITH_DETAIL.has(code) && message ? `${lead}（${message}）` : lead;
    },
    [t, tErrors, english],
  );
}
