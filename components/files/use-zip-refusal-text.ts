"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { ApiClientError } from "@/components/api/client";
import type { FieldIssue } from "@/lib/errors/field-issues";

const PREFIX = "zipRefusals.";

/**
 * Why the server refused an uploaded zip, in the user's language: the refusal's key and values
 * (lib/files/zip-refusal-issues.ts) through `zipRefusals.*`. With the archive's name (KB uploads):
 * "“bomb.zip” was refused: …"; without: "The zip was refused: …". Null for any other error.
 */
export function useZipRefusalText() {
  const t = useTranslations("zipRefusals");
  return useCallback(
    (error: ApiClientError): string | null => {
      const refusal = error.fields.find((f): f is FieldIssue & { key: string } => !!f.key?.startsWith(PREFIX));
      if (!refusal) return null;
      const key = refusal.key.slice(PREFIX.length);
      if (!t.has(`reasons.${key}`)) return null;
      const values = refusal.values ?? {};
      const reason = t(`reasons.${key}`, values);
      return typeof values.archive === "string"
        ? t("archiveRefused", { archive: values.archive, reason })
        : t("zipRefused", { reason });
    },
    [t],
  );
}
