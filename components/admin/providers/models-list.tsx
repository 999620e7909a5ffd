"use client";

import clsx from "clsx";
import { useLocale, useTranslations } from "next-intl";
import type { ProviderModel } from "./api";

const cell = "px-3 py-2 align-middle";

/** A provider's models for a department admin: what is there and what is on, nothing to change. */
export function ModelsList({ models }: { models: ProviderModel[] }) {
  const t = useTranslations("admin.providers.models");
  const locale = useLocale();
  const enabled = models.filter((m) => m.enabled).length;
  return (
    <div data-testid="models-list">
      <h3 className="text-sm font-medium">
        {t("title")} <span className="font-normal text-muted-foreground">{t("count", { enabled, total: models.length })}</span>
      </h3>
      {models.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground" data-testid="models-empty">
          {t("emptyReadOnly")}
        </p>
      ) : (
        <div className="mt-3 max-h-[28rem] overflow-auto rounded-xl border">
          <table className="w-full text-sm">
            <thead className="sticky top-0 z-10 bg-muted text-left text-xs whitespace-nowrap text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">{t("on")}</th>
                <th className="px-3 py-2 font-medium">{t("id")}</th>
                <th className="px-3 py-2 font-medium">{t("type")}</th>
                <th className="hidden px-3 py-2 text-right font-medium sm:table-cell">{t("context")}</th>
              </tr>
            </thead>
            <tbody>
              {models.map((model) => (
                <tr key={model.id} className="border-t first:border-t-0" data-testid="model-row" data-model-id={model.id} data-enabled={model.enabled}>
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
                  <td className={clsx(cell, "hidden text-right whitespace-nowrap text-muted-foreground tabular-nums sm:table-cell")}>
                    {model.contextWindow?.toLocaleString(locale) ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
