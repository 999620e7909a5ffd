"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";

/** The chosen resources in the order they were picked (the runtime keeps this order). */
export function SelectionOrder({
  items,
  onRemove,
}: {
  items: { value: string; label: string }[];
  onRemove: (value: string) => void;
}) {
  const t = useTranslations("agents.resources");
  if (items.length === 0) return null;
  return (
    <ol className="flex flex-wrap gap-1.5" aria-label={t("orderLabel")}>
      {items.map((item, index) => (
        <li
          key={item.value}
          className="inline-flex max-w-full items-center gap-1.5 rounded-lg bg-brand-soft py-1 pr-1 pl-2 text-xs font-medium text-brand"
        >
          <span className="tabular-nums opacity-70">{index + 1}</span>
          <span className="truncate">{item.label}</span>
          <button
            type="button"
            onClick={() => onRemove(item.value)}
            aria-label={t("remove", { name: item.label })}
            className="rounded p-0.5 hover:bg-brand/15"
          >
            <X className="size-3" aria-hidden />
          </button>
        </li>
      ))}
    </ol>
  );
}
