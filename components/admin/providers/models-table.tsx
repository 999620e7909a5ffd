import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { ProviderModel } from "./api";

/** "Models 3 of 5 on": the heading of a provider's model list. */
export function ModelsCount({ models }: { models: ProviderModel[] }) {
  const t = useTranslations("admin.providers.models");
  const enabled = models.filter((m) => m.enabled).length;
  return (
    <>
      {t("title")}{" "}
      <span className="font-normal text-muted-foreground">{t("count", { enabled, total: models.length })}</span>
    </>
  );
}

/**
 * The models of a provider as a table with a sticky head, or the `empty` note when there are
 * none; shared by the editor (superadmin) and the read-only list (department admins).
 */
export function ModelsTable({
  empty,
  columns,
  className,
  children,
  footer,
}: {
  empty: string | null;
  columns: { label: ReactNode; className?: string }[];
  className?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  if (empty !== null) {
    return (
      <p
        className="mt-3 rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground"
        data-testid="models-empty"
      >
        {empty}
      </p>
    );
  }
  return (
    <div className="mt-3 max-h-[28rem] overflow-auto rounded-xl border">
      <table className={cn("w-full text-sm", className)}>
        <thead className="sticky top-0 z-10 bg-muted text-left text-xs whitespace-nowrap text-muted-foreground">
          <tr>
            {columns.map((column, i) => (
              <th key={i} className={cn("px-3 py-2", column.className ?? "font-medium")}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {footer}
    </div>
  );
}
