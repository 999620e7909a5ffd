"use client";

import clsx from "clsx";
import { useLocale, useTranslations } from "next-intl";
import type { ProviderModel } from "./api";
import { ModelsCount, ModelsTable } from "./models-table";

const cell = "px-3 py-2 align-middle";

/** A provider's models for a department admin: what is there and what is on, nothing to change. */
export function ModelsList({ models }: { models: ProviderModel[] }) {
  const t = useTranslations("admin.providers.models");
  const locale = useLocale();
  return (
    <div data-testid="models-list">
      <h3 className="text-sm font-medium">
        <ModelsCount models={models} />
      </h3>
      <ModelsTable
        empty={models.length === 0 ? t("emptyReadOnly") : null}
        columns={[
          { label: t("on") },
          { label: t("id") },
          { label: t("type") },
          { label: t("context"), className: "hidden text-right font-medium sm:table-cell" },
        ]}
      >
        {models.map((model) => (
          <tr
            key={model.id}
            className="border-t first:border-t-0"
            data-testid="model-row"
            data-model-id={model.id}
            data-enabled={model.enabled}
          >
            <td className={clsx(cell, "w-14")}>
              <span
                className={clsx(
                  "rounded-full px-2 py-0.5 text-[11px] font-medium",
                  model.enabled ? "bg-success/10 text-success" : "bg-muted text-muted-foreground",
                )}
              >
                {model.enabled ? t("stateOn") : t("stateOff")}
              </span>
            </td>
            <td className={clsx(cell, "max-w-0 w-full")}>
              <span className="block truncate font-mono text-[13px]" title={model.id}>
                {model.id}
              </span>
            </td>
            <td className={clsx(cell, "whitespace-nowrap text-muted-foreground")}>{t(model.type)}</td>
            <td
              className={clsx(
                cell,
                "hidden text-right whitespace-nowrap text-muted-foreground tabular-nums sm:table-cell",
              )}
            >
              {model.contextWindow?.toLocaleString(locale) ?? "—"}
            </td>
          </tr>
        ))}
      </ModelsTable>
    </div>
  );
}
