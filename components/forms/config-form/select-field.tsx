"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import { controlClass } from "@/components/forms/fields";
import { enumValues, isNullable } from "./json-schema";
import type { FieldRendererProps } from "./types";

/** One of the values the JSON Schema enumerates; labels come from `agents.fields.<key>.options`. */
export function SelectField({ field, value, id, describedBy, onChange }: FieldRendererProps) {
  const t = useTranslations("agents");
  const values = enumValues(field.schema);
  const nullable = isNullable(field.schema);
  const current = value === null || value === undefined ? "" : String(value);
  const label = (v: string) => {
    const key = `fields.${field.key}.options.${v}`;
    return t.has(key) ? t(key) : v;
  };
  return (
    <select
      id={id}
      value={current}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value === "" && nullable ? null : event.target.value)}
      className={cn(controlClass, "pr-8")}
      data-testid={`config-field-${field.key}`}
    >
      {nullable && <option value="">{t("form.notSet")}</option>}
      {values.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </select>
  );
}
