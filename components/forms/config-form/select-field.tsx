"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import { controlClass } from "@/components/forms/fields";
import { enumValues, isNullable } from "./json-schema";
import type { FieldRendererProps } from "./types";

/**
 * One of the values the JSON Schema enumerates; labels come from `agents.fields.<key>.options`.
 * Values the catalog explains (`agents.fields.<key>.descriptions`) are all described under the
 * control, the chosen one marked, so the difference between them is visible before choosing.
 */
export function SelectField({ field, value, id, describedBy, onChange }: FieldRendererProps) {
  const t = useTranslations("agents");
  const values = enumValues(field.schema);
  const nullable = isNullable(field.schema);
  const current = value === null || value === undefined ? "" : String(value);
  const label = (v: string) => {
    const key = `fields.${field.key}.options.${v}`;
    return t.has(key) ? t(key) : v;
  };
  const described = values.filter((v) => t.has(`fields.${field.key}.descriptions.${v}`));
  const descriptionsId = `${id}-options`;
  return (
    <>
      <select
        id={id}
        value={current}
        aria-describedby={described.length ? `${descriptionsId} ${describedBy}` : describedBy}
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
      {described.length > 0 && (
        <dl
          id={descriptionsId}
          className="space-y-1 text-xs leading-relaxed"
          data-testid={`config-options-${field.key}`}
        >
          {described.map((v) => (
            <div
              key={v}
              data-option={v}
              data-selected={v === current}
              className={cn(
                "rounded-md border px-2.5 py-1.5",
                v === current ? "border-border bg-muted text-foreground" : "border-transparent text-muted-foreground",
              )}
            >
              <dt className="font-medium text-foreground">{label(v)}</dt>
              <dd>{t(`fields.${field.key}.descriptions.${v}`)}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
