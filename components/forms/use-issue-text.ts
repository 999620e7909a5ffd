"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { FieldIssue } from "@/lib/errors/field-issues";

/** Message keys under `validation` that a check names itself (`params: { i18n }`). */
const CUSTOM_KEYS = new Set([
  "passwordTooLong",
  "usernameChars",
  "currentPasswordWrong",
  "currentPasswordMissing",
  "providerIdReserved",
  "urlCredentials",
  "invalidUrl",
  "headerName",
  "headerReserved",
  "headerValueLines",
  "headerTwice",
  "apiKeySpaces",
]);

/**
 * A field issue (from the server's `error.fields`, or from the same schema run in the browser)
 * said in the user's language; an issue the catalog has no words for keeps the server's text.
 */
export function useIssueText() {
  const t = useTranslations("validation");
  return useCallback(
    (issue: FieldIssue): string => {
      const { code, origin, minimum, maximum } = issue;
      if (code === "custom") return issue.key && CUSTOM_KEYS.has(issue.key) ? t(issue.key) : issue.message;
      if (code === "invalid_type") return t("required");
      if (code === "invalid_value") return t("invalidValue");
      if (code === "invalid_format") return issue.format === "url" ? t("invalidUrl") : t("invalidFormat");
      if (code === "too_small" && minimum !== undefined) {
        if (origin === "string") return minimum <= 1 ? t("required") : t("tooShort", { minimum });
        if (origin === "array" || origin === "set") return t("tooFew", { minimum });
        return t("tooSmall", { minimum });
      }
      if (code === "too_big" && maximum !== undefined) {
        if (origin === "string") return t("tooLong", { maximum });
        if (origin === "array" || origin === "set") return t("tooMany", { maximum });
        return t("tooBig", { maximum });
      }
      return issue.message;
    },
    [t],
  );
}

/** The first issue of each top-level field, keyed by field name. */
export function issuesByField(issues: FieldIssue[]): Record<string, FieldIssue> {
  const out: Record<string, FieldIssue> = {};
  for (const issue of issues) {
    const field = issue.path.split(".")[0];
    if (field && !out[field]) out[field] = issue;
  }
  return out;
}
