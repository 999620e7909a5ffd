"use client";

import { cn } from "@/components/ui/cn";
import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { IconButton } from "@/components/ui/icon-button";
import { Switch } from "@/components/ui/switch";
import { MAX_CONTEXT_WINDOW, MIN_CONTEXT_WINDOW } from "@/lib/models/provider-schemas";
import type { ProviderModel } from "./api";

export function contextWindowValid(value: number | undefined): boolean {
  return value === undefined || (Number.isInteger(value) && value >= MIN_CONTEXT_WINDOW && value <= MAX_CONTEXT_WINDOW);
}

const cell = "px-3 py-2 align-middle";
const field =
  "h-8 rounded-lg border bg-background px-2 text-sm outline-none focus-visible:outline-none focus-visible:ring-2";
const tone = (invalid: boolean) =>
  invalid
    ? "border-danger focus-visible:ring-danger/30"
    : "border-input focus-visible:border-ring focus-visible:ring-ring/30";

/** One model of a provider: on/off, type and context window, editable in place. */
export function ModelRow({
  model,
  onChange,
  onRemove,
}: {
  model: ProviderModel;
  onChange: (next: ProviderModel) => void;
  onRemove: () => void;
}) {
  const t = useTranslations("admin.providers.models");
  const invalid = !contextWindowValid(model.contextWindow);
  return (
    <tr
      className="border-t first:border-t-0"
      data-testid="model-row"
      data-model-id={model.id}
      data-enabled={model.enabled}
    >
      <td className={cn(cell, "w-12")}>
        <Switch
          size="sm"
          checked={model.enabled}
          onCheckedChange={(enabled) => onChange({ ...model, enabled })}
          label={t("enable", { id: model.id })}
          data-testid="model-enable"
        />
      </td>
      <td className={cn(cell, "max-w-0 w-full")}>
        <span className="block truncate font-mono text-[13px]" title={model.id} data-testid="model-id">
          {model.id}
        </span>
      </td>
      <td className={cell}>
        <select
          value={model.type}
          onChange={(event) => onChange({ ...model, type: event.target.value as ProviderModel["type"] })}
          aria-label={t("typeOf", { id: model.id })}
          className={cn(field, tone(false), "pr-7")}
          data-testid="model-type"
        >
          <option value="chat">{t("chat")}</option>
          <option value="embedding">{t("embedding")}</option>
          <option value="rerank">{t("rerank")}</option>
        </select>
      </td>
      <td className={cell}>
        <input
          type="number"
          inputMode="numeric"
          min={MIN_CONTEXT_WINDOW}
          max={MAX_CONTEXT_WINDOW}
          step={1024}
          value={model.contextWindow ?? ""}
          onChange={(event) => {
            const value = event.target.value === "" ? undefined : Number(event.target.value);
            onChange({ ...model, contextWindow: value });
          }}
          aria-label={t("contextOf", { id: model.id })}
          aria-invalid={invalid || undefined}
          title={invalid ? t("contextRange") : undefined}
          className={cn(field, tone(invalid), "w-32 text-right tabular-nums")}
          data-testid="model-context"
        />
      </td>
      <td className={cn(cell, "w-10 pr-2")}>
        <IconButton
          label={t("remove", { id: model.id })}
          icon={<Trash2 />}
          size="sm"
          onClick={onRemove}
          data-testid="model-remove"
        />
      </td>
    </tr>
  );
}
