"use client";

import { useTranslations } from "next-intl";
import type { ProviderView } from "./api";
import { TextField } from "@/components/forms/fields";

/**
 * The API key is write-only: the field starts empty, a stored key shows only as its hint, and
 * leaving the field empty keeps it. "Remove the stored key" sends `apiKey: null`. A base URL on
 * another origin leaves the stored key behind (the server drops it): `movesOrigin` says so.
 */
export function KeyField({
  provider,
  value,
  onChange,
  clear,
  onClearChange,
  disabled,
  movesOrigin = false,
  error,
}: {
  provider: ProviderView | null;
  value: string;
  onChange: (value: string) => void;
  clear: boolean;
  onClearChange: (clear: boolean) => void;
  disabled: boolean;
  movesOrigin?: boolean;
  /** What is wrong with the typed key. */
  error?: string | null;
}) {
  const t = useTranslations("admin.providers.form");
  const stored = provider?.hasKey ?? false;
  const dropped = stored && movesOrigin && !clear && !value.trim();
  const hint = disabled ? (
    t("envManaged")
  ) : dropped ? (
    <span className="text-warning" data-testid="provider-key-moves">
      {t("keyDroppedOnMove")}
    </span>
  ) : stored ? (
    t("keyStored", { hint: provider?.keyHint ?? "••••" })
  ) : (
    t("keyOptional")
  );
  return (
    <div>
      <TextField
        label={t("apiKey")}
        hint={hint}
        type="password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={stored ? t("keyKeepPlaceholder") : "sk-…"}
        autoComplete="new-password"
        spellCheck={false}
        disabled={disabled || clear}
        className="font-mono"
        error={error}
        data-testid="provider-key"
      />
      {stored && !disabled && (
        <label className="mt-2 inline-flex items-center gap-2 text-xs text-muted-foreground">
          <input
            type="checkbox"
            checked={clear}
            onChange={(event) => onClearChange(event.target.checked)}
            className="size-3.5 accent-(--danger)"
            data-testid="provider-key-clear"
          />
          {t("keyClear")}
        </label>
      )}
    </div>
  );
}
