"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import { controlClass } from "@/components/forms/fields";
import { useModelLabel } from "@/components/format/model-label";
import type { FieldRendererProps } from "./types";

/** A chat model from the enabled ones; "" in the select is null, the deployment's default model. */
export function ModelField({ field, value, options, id, describedBy, onChange }: FieldRendererProps) {
  const t = useTranslations("agents.form");
  const modelLabel = useModelLabel();
  const current = typeof value === "string" ? value : "";
  const missing = current !== "" && !options.some((o) => o.value === current);
  return (
    <select
      id={id}
      value={current}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}
      className={cn(controlClass, "pr-8")}
      data-testid={`config-field-${field.key}`}
    >
      <option value="">{t("defaultModel")}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {modelLabel(o.value, o.label)}
        </option>
      ))}
      {missing && <option value={current}>{t("unavailableOption", { value: current })}</option>}
    </select>
  );
}
