"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

/** "summary_keep_messages" -> "Summary keep messages", for keys the catalog does not know yet. */
function humanizeKey(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Label, help and placeholder of a config field (`agents.fields.<key>.*`) or of a group. */
export function useFieldText() {
  const t = useTranslations("agents");
  const text = useCallback((path: string) => (t.has(path) ? t(path) : undefined), [t]);
  return {
    field: useCallback(
      (key: string) => ({
        label: text(`fields.${key}.label`) ?? humanizeKey(key),
        help: text(`fields.${key}.help`),
        placeholder: text(`fields.${key}.placeholder`),
      }),
      [text],
    ),
    group: useCallback(
      (group: string) => ({
        title: text(`groups.${group}.title`) ?? humanizeKey(group),
        description: text(`groups.${group}.description`),
      }),
      [text],
    ),
  };
}
