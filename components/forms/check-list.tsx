"use client";

import { cn } from "@/components/ui/cn";
import { Search } from "lucide-react";
import { useState, type ReactNode } from "react";

export type CheckOption = { value: string; label: string; description?: string; disabled?: boolean };

/** A scrolling list of checkboxes with a filter box once it gets long. */
export function CheckList({
  options,
  selected,
  onToggle,
  label,
  filterLabel,
  empty,
  className,
  ...rest
}: {
  options: CheckOption[];
  selected: string[];
  onToggle: (value: string) => void;
  label: string;
  filterLabel?: string;
  empty?: ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  const [query, setQuery] = useState("");
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? options.filter((o) => `${o.label} ${o.value} ${o.description ?? ""}`.toLowerCase().includes(needle))
    : options;

  return (
    <div
      role="group"
      aria-label={label}
      className={cn(
        "rounded-xl border bg-background",
        options.length === 0 ? "border-dashed border-border" : "border-border",
        className,
      )}
      data-testid={rest["data-testid"]}
    >
      {options.length > 8 && (
        <div className="flex items-center gap-2 border-b border-border px-3">
          <Search className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={filterLabel}
            aria-label={filterLabel}
            className="h-9 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground/70"
          />
        </div>
      )}
      {options.length === 0 ? (
        <p className="px-3 py-2.5 text-xs text-muted-foreground">{empty}</p>
      ) : (
        <ul className="max-h-56 divide-y divide-border/60 overflow-y-auto">
          {shown.map((option) => {
            const checked = selected.includes(option.value);
            return (
              <li key={option.value}>
                <label
                  className={cn(
                    "flex items-start gap-3 px-3 py-2 text-sm transition-colors",
                    option.disabled ? "cursor-not-allowed opacity-55" : "cursor-pointer hover:bg-muted/50",
                  )}
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={option.disabled}
                    onChange={() => onToggle(option.value)}
                    className="mt-0.5 size-4 shrink-0 accent-brand"
                    data-value={option.value}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">{option.label}</span>
                    {option.description && (
                      <span className="line-clamp-2 text-xs text-muted-foreground">{option.description}</span>
                    )}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
