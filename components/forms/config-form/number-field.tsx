"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { controlClass } from "@/components/forms/fields";
import { isNullable, numberBounds } from "./json-schema";
import { numberText, parseNumberInput, type NumberProblem } from "./number-input";
import type { FieldRendererProps } from "./types";

/** A number within the JSON Schema's bounds; the text is kept as typed and checked on every change. */
export function NumberField({ field, value, id, describedBy, invalid, onChange, onError }: FieldRendererProps) {
  const t = useTranslations("agents.validation");
  const [text, setText] = useState(() => numberText(value));
  const bounds = numberBounds(field.schema);
  const nullable = isNullable(field.schema);

  const message = (problem: NumberProblem) =>
    problem.code === "min" || problem.code === "max" ? t(problem.code, { limit: problem.limit }) : t(problem.code);

  function change(next: string) {
    setText(next);
    const parsed = parseNumberInput(next, bounds, nullable);
    if (parsed.ok) onChange(parsed.value);
    onError(parsed.ok ? null : message(parsed.problem));
  }

  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="number"
        inputMode={bounds.integer ? "numeric" : "decimal"}
        value={text}
        min={bounds.min}
        max={bounds.max}
        step={bounds.integer ? 1 : "any"}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => change(event.target.value)}
        className={cn(
          controlClass,
          "max-w-40 tabular-nums",
          invalid && "border-danger focus:border-danger focus:ring-danger/15",
        )}
        data-testid={`config-field-${field.key}`}
      />
      {(bounds.min !== undefined || bounds.max !== undefined) && (
        <span className="text-xs text-muted-foreground tabular-nums">
          {bounds.min !== undefined && bounds.max !== undefined
            ? t("range", { min: bounds.min, max: bounds.max })
            : bounds.min !== undefined
              ? t("atLeast", { limit: bounds.min })
              : t("atMost", { limit: bounds.max ?? 0 })}
        </span>
      )}
    </div>
  );
}
