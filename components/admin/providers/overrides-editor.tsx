"use client";

import { Plus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

export type OverrideRow = { key: string; value: string };

/** Stored overrides as editable rows; values are shown as JSON (strings bare, for readability). */
export function overridesToRows(overrides: Record<string, unknown>): OverrideRow[] {
  return Object.entries(overrides).map(([key, value]) => ({
    key,
    value: typeof value === "string" ? value : JSON.stringify(value),
  }));
}

/** JSON when it parses (true, 2048, {"type":"enabled"}), else the text as a string ("high"). */
export function rowsToOverrides(rows: OverrideRow[]): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const { key, value } of rows) {
    const text = value.trim();
    if (!text) return null;
    try {
      out[key] = JSON.parse(text);
    } catch {
      out[key] = text;
    }
  }
  return out;
}

const field =
  "h-9 rounded-lg border border-input bg-background px-2.5 text-sm outline-none focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30";

/** Request-body overrides, limited to the reasoning/thinking keys the server accepts. */
export function OverridesEditor({
  rows,
  allowed,
  onChange,
}: {
  rows: OverrideRow[];
  allowed: string[];
  onChange: (rows: OverrideRow[]) => void;
}) {
  const t = useTranslations("admin.providers.overrides");
  const unused = allowed.filter((key) => !rows.some((row) => row.key === key));
  const set = (index: number, patch: Partial<OverrideRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <fieldset data-testid="overrides-editor">
      <legend className="sr-only">{t("title")}</legend>
      <p className="text-xs text-muted-foreground">{t("help")}</p>
      <div className="mt-2 space-y-2">
        {rows.map((row, index) => (
          <div key={index} className="flex items-center gap-2" data-testid="override-row">
            <select
              value={row.key}
              onChange={(event) => set(index, { key: event.target.value })}
              aria-label={t("key")}
              className={`${field} w-48 shrink-0 font-mono text-[13px]`}
              data-testid="override-key"
            >
              {[row.key, ...unused].map((key) => (
                <option key={key} value={key}>
                  {key}
                </option>
              ))}
            </select>
            <input
              value={row.value}
              onChange={(event) => set(index, { value: event.target.value })}
              placeholder={t("valuePlaceholder")}
              aria-label={t("valueOf", { key: row.key })}
              className={`${field} min-w-0 flex-1 font-mono text-[13px]`}
              data-testid="override-value"
            />
            <button
              type="button"
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
              aria-label={t("remove", { key: row.key })}
              className="rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground"
              data-testid="override-remove"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        ))}
      </div>
      {unused.length > 0 && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-1.5 -ml-2"
          onClick={() => onChange([...rows, { key: unused[0], value: "" }])}
          data-testid="override-add"
        >
          <Plus className="size-4" aria-hidden />
          {t("add")}
        </Button>
      )}
    </fieldset>
  );
}
