"use client";

import { cn } from "@/components/ui/cn";
import { useLayoutEffect, useRef } from "react";
import { controlClass } from "@/components/forms/fields";
import { isNullable, maxLength } from "./json-schema";
import type { FieldRendererProps } from "./types";

/** Grows with its text up to a cap, then scrolls. */
function useAutoGrow(value: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight + 2, 480)}px`;
  }, [value]);
  return ref;
}

/** Long text (system prompt, summary prompt). An emptied nullable prompt stores null: "use the default". */
export function PromptField({ field, value, id, describedBy, placeholder, invalid, onChange }: FieldRendererProps) {
  const text = typeof value === "string" ? value : "";
  const ref = useAutoGrow(text);
  const nullable = isNullable(field.schema);
  return (
    <textarea
      ref={ref}
      id={id}
      value={text}
      rows={4}
      maxLength={maxLength(field.schema)}
      placeholder={placeholder}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(event.target.value === "" && nullable ? null : event.target.value)}
      className={cn(controlClass, "h-auto min-h-24 resize-y py-2.5 leading-relaxed")}
      data-testid={`config-field-${field.key}`}
    />
  );
}
