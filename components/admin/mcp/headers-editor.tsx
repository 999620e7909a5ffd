"use client";

import { cn } from "@/components/ui/cn";
import { AlertCircle, Lock, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import type { HeaderEdit } from "./api";

/** One header in the editor: a stored one shows its name only; its value is never sent back to the browser. */
export type HeaderRow = { key: string; name: string; value: string; stored: boolean };

export const rowsFromNames = (names: string[]): HeaderRow[] =>
  names.map((name) => ({ key: `stored-${name}`, name, value: "", stored: true }));

/** The `headers` of a save, or the name of the first new header still without a value. */
export function rowsToEdit(rows: HeaderRow[]): { edit: HeaderEdit[] } | { missingValue: string } {
  const named = rows.filter((r) => r.name.trim());
  const missing = named.find((r) => !r.stored && !r.value);
  if (missing) return { missingValue: missing.name.trim() };
  return { edit: named.map((r) => ({ name: r.name.trim(), ...(r.value ? { value: r.value } : {}) })) };
}

const field =
  "h-9 w-full min-w-0 rounded-lg border border-input bg-background px-2.5 text-sm outline-none placeholder:text-muted-foreground/70 focus:border-ring focus:ring-4 focus:ring-ring/15 read-only:bg-muted read-only:text-muted-foreground";

export function HeadersEditor({
  rows,
  onChange,
  error,
}: {
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  /** What is wrong with the headers (a name, a value, a repeat), said under the list. */
  error?: string | null;
}) {
  const t = useTranslations("admin.mcp.headers");
  const update = (key: string, patch: Partial<HeaderRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <fieldset
      className="space-y-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? "mcp-headers-error" : undefined}
      data-testid="mcp-headers"
    >
      <legend className="text-sm font-medium">{t("title")}</legend>
      <p className="text-xs text-muted-foreground">{t("help")}</p>
      {rows.map((row) => (
        <div key={row.key} className="flex items-center gap-2" data-testid="mcp-header-row" data-stored={row.stored}>
          <input
            value={row.name}
            onChange={(event) => update(row.key, { name: event.target.value })}
            readOnly={row.stored}
            placeholder={t("namePlaceholder")}
            aria-label={t("name")}
            spellCheck={false}
            className={cn(field, "basis-2/5 font-mono")}
            data-testid="mcp-header-name"
          />
          <div className="relative basis-3/5">
            {row.stored && !row.value && (
              <Lock
                className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
            )}
            <input
              type="password"
              value={row.value}
              onChange={(event) => update(row.key, { value: event.target.value })}
              placeholder={row.stored ? t("storedPlaceholder") : t("valuePlaceholder")}
              aria-label={t("valueOf", { name: row.name || t("name") })}
              autoComplete="new-password"
              spellCheck={false}
              className={cn(field, "font-mono", row.stored && !row.value && "pl-7")}
              data-testid="mcp-header-value"
            />
          </div>
          <IconButton
            label={t("remove", { name: row.name || t("name") })}
            icon={<Trash2 />}
            size="sm"
            onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
            data-testid="mcp-header-remove"
          />
        </div>
      ))}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onChange([...rows, { key: crypto.randomUUID(), name: "", value: "", stored: false }])}
        className="-ml-2 text-muted-foreground"
        data-testid="mcp-header-add"
      >
        <Plus className="size-4" aria-hidden />
        {t("add")}
      </Button>
      {error && (
        <p id="mcp-headers-error" className="flex items-start gap-1.5 text-xs text-danger" data-testid="field-error">
          <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
          {error}
        </p>
      )}
    </fieldset>
  );
}
