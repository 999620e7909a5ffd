"use client";

import { useMemo } from "react";
import { useBuiltinText } from "@/components/format/builtin-text";
import type { ConfigOption } from "./types";

type BuiltinText = ReturnType<typeof useBuiltinText>;

/** An option naming something Meridian ships (a built-in skill, a seeded agent) in the user's language. */
export function localiseOption(text: BuiltinText, option: ConfigOption): ConfigOption {
  const { origin } = option;
  if (!origin) return option;
  const shown =
    origin.kind === "skill"
      ? text.skill({ slug: origin.slug, name: option.label, description: option.description ?? "", source: "builtin" })
      : text.agent({ id: origin.id, name: option.label, description: option.description ?? "" });
  return { ...option, label: shown.name, description: shown.description || undefined };
}

/** Every option list of the config schema, localised once per list. */
export function useLocalisedOptions(options: Record<string, ConfigOption[]>): Record<string, ConfigOption[]> {
  const text = useBuiltinText();
  return useMemo(
    () =>
      Object.fromEntries(Object.entries(options).map(([key, list]) => [key, list.map((o) => localiseOption(text, o))])),
    [options, text],
  );
}
