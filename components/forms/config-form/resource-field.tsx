"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { CheckList } from "@/components/forms/check-list";
import { Segmented } from "@/components/ui/segmented";
import {
  emptyMeansAll,
  fromResourceState,
  resourceModes,
  toggleSelected,
  toResourceState,
  withMode,
  type ResourceMode,
  type ResourceState,
} from "./resource-state";
import { SelectionOrder } from "./selection-order";
import type { FieldRendererProps } from "./types";

/** Tri-state resource control: all available (null) / none ([]) / an ordered allow-list. */
export function ResourceField({ field, value, options, labelId, describedBy, onChange }: FieldRendererProps) {
  const t = useTranslations("agents.resources");
  const [state, setState] = useState<ResourceState>(() => toResourceState(field, value));
  const modes = resourceModes(field);
  const allMeansVisible = emptyMeansAll(field);

  function update(next: ResourceState) {
    setState(next);
    onChange(fromResourceState(field, next));
  }

  const modeLabel = (mode: ResourceMode) => (mode === "all" && allMeansVisible ? t("allVisibleSubagents") : t(mode));
  const known = new Set(options.map((o) => o.value));
  const listed = [
    ...options,
    ...state.selected.filter((v) => !known.has(v)).map((v) => ({ value: v, label: t("unavailable", { value: v }) })),
  ];
  const labelOf = (v: string) => listed.find((o) => o.value === v)?.label ?? v;

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      className="space-y-2.5"
      data-testid={`config-field-${field.key}`}
      data-mode={state.mode}
    >
      <Segmented<ResourceMode>
        value={state.mode}
        onChange={(mode) => update(withMode(state, mode))}
        label={t("modeLabel")}
        options={modes.map((mode) => ({ value: mode, label: modeLabel(mode) }))}
        className="max-w-md"
        data-testid={`resource-mode-${field.key}`}
      />
      {state.mode === "selected" && (
        <>
          <SelectionOrder
            items={state.selected.map((v) => ({ value: v, label: labelOf(v) }))}
            onRemove={(v) => update(toggleSelected(state, v))}
          />
          <CheckList
            options={listed}
            selected={state.selected}
            onToggle={(v) => update(toggleSelected(state, v))}
            label={t("optionsLabel")}
            filterLabel={t("filter")}
            empty={allMeansVisible ? t("nothingAvailableAll") : t("nothingAvailable")}
            data-testid={`resource-options-${field.key}`}
          />
          {state.selected.length === 0 && listed.length > 0 && (
            <p className="text-xs text-muted-foreground" data-testid={`resource-empty-${field.key}`}>
              {allMeansVisible ? t("noneSelectedAll") : t("noneSelected")}
            </p>
          )}
        </>
      )}
    </div>
  );
}
