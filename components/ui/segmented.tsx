"use client";

import { cn } from "./cn";
import { useRef, type KeyboardEvent, type ReactNode } from "react";

export type SegmentedOption<T extends string> = { value: T; label: ReactNode; title?: string };

/** Radio group drawn as a segmented control; arrow keys move the selection. */
export function Segmented<T extends string>({
  value,
  options,
  onChange,
  label,
  className,
  ...rest
}: {
  value: T | undefined;
  options: SegmentedOption<T>[];
  onChange: (value: T) => void;
  label: string;
  className?: string;
  "data-testid"?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent) {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const index = Math.max(
      0,
      options.findIndex((o) => o.value === value),
    );
    const next = options[(index + step + options.length) % options.length];
    onChange(next.value);
    ref.current?.querySelector<HTMLButtonElement>(`[data-value="${next.value}"]`)?.focus();
  }

  return (
    <div
      ref={ref}
      role="radiogroup"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn("flex rounded-lg bg-muted p-0.5", className)}
      data-testid={rest["data-testid"]}
    >
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked || (value === undefined && option === options[0]) ? 0 : -1}
            title={option.title}
            data-value={option.value}
            onClick={() => onChange(option.value)}
            className={cn(
              "flex flex-1 items-center justify-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium whitespace-nowrap transition-colors",
              checked
                ? "bg-background text-foreground shadow-sm dark:bg-input"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
