"use client";

import { Pencil } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { DeleteButton } from "@/components/ui/delete-button";
import { IconButton } from "@/components/ui/icon-button";
import type { Department } from "../types";

export function DepartmentTable({
  departments,
  manageable,
  onEdit,
  onDelete,
}: {
  departments: Department[];
  manageable: boolean;
  onEdit: (department: Department) => void;
  onDelete: (department: Department) => void;
}) {
  const t = useTranslations("admin.departments");
  const format = useFormatter();
  const head = "px-4 py-2.5 text-left text-xs font-medium text-muted-foreground";

  return (
    <table className="w-full table-fixed text-sm" data-testid="department-table">
      <thead className="border-b border-border bg-muted/40">
        <tr>
          <th className={head}>{t("columns.name")}</th>
          <th className={`${head} w-32`}>{t("columns.members")}</th>
          <th className={`${head} hidden w-36 md:table-cell`}>{t("columns.created")}</th>
          {manageable && (
            <th className={`${head} w-24`}>
              <span className="sr-only">{t("columns.actions")}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {departments.map((d) => (
          <tr key={d.id} className="transition-colors hover:bg-muted/30" data-testid={`department-row-${d.name}`}>
            <td className="px-4 py-3">
              <div className="truncate font-medium">{d.name}</div>
              {d.description && <div className="truncate text-xs text-muted-foreground">{d.description}</div>}
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-muted-foreground" data-testid="department-members">
              {t("memberCount", { count: d.userCount })}
            </td>
            <td className="hidden px-4 py-3 whitespace-nowrap text-muted-foreground md:table-cell">
              {format.dateTime(new Date(d.createdAt), { dateStyle: "medium" })}
            </td>
            {manageable && (
              <td className="px-2 py-3">
                <div className="flex justify-end gap-0.5">
                  <IconButton
                    label={t("actions.edit")}
                    icon={<Pencil />}
                    size="sm"
                    tooltipSide="top"
                    onClick={() => onEdit(d)}
                    data-testid={`department-edit-${d.name}`}
                  />
                  <DeleteButton
                    label={t("actions.delete")}
                    tooltipSide="top-end"
                    onClick={() => onDelete(d)}
                    data-testid={`department-delete-${d.name}`}
                  />
                </div>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
