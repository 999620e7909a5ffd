"use client";

import { controlClass } from "@/components/forms/fields";
import { isNullable, maxLength } from "./json-schema";
import type { FieldRendererProps } from "./types";

/** A single line of text; an emptied nullable field stores null. */
export function TextField({ field, value, id, describedBy, placeholder, invalid, onChange }: FieldRendererProps) {
  const nullable = isNullable(field.schema);
  return (
    <input
      id={id}
      value={typeof value === "string" ? value : ""}
      maxLength={maxLength(field.schema)}
      placeholder={placeholder}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(event.target.value === "" && nullable ? null : event.target.value)}
      className={controlClass}
      data-testid={`config-field-${field.key}`}
    />
  );
}
