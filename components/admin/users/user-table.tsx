"use client";

import { Pencil, Trash2, UserCheck, UserX } from "lucide-react";
import { useTranslations } from "next-intl";
import { IconButton } from "@/components/ui/icon-button";
import type { AdminUser, Department, Viewer } from "../types";
import { RoleBadge, StatusBadge } from "./user-badges";
import { userPermissions } from "./user-permissions";

export type UserAction = "edit" | "disable" | "enable" | "delete";

export function UserTable({
  users,
  departments,
  viewer,
  onAction,
}: {
  users: AdminUser[];
  departments: Department[];
  viewer: Viewer;
  onAction: (action: UserAction, user: AdminUser) => void;
}) {
  const t = useTranslations("admin.users");
  const departmentName = (id: string | null) =>
    id ? (departments.find((d) => d.id === id)?.name ?? "—") : t("noDepartment");
  const head = "px-4 py-2.5 text-left text-xs font-medium text-muted-foreground";

  return (
    <table className="w-full table-fixed text-sm" data-testid="user-table">
      <thead className="border-b border-border bg-muted/40">
        <tr>
          <th className={head}>{t("columns.name")}</th>
          <th className={`${head} hidden w-44 sm:table-cell`}>{t("columns.role")}</th>
          <th className={`${head} hidden w-52 md:table-cell`}>{t("columns.department")}</th>
          <th className={`${head} w-28`}>{t("columns.status")}</th>
          <th className={`${head} w-28 text-right`}>
            <span className="sr-only">{t("columns.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {users.map((user) => {
          const can = userPermissions(viewer, user);
          const name = user.displayName || user.username;
          return (
            <tr key={user.id} className="transition-colors hover:bg-muted/30" data-testid={`user-row-${user.username}`}>
              <td className="px-4 py-3">
                <div className="flex items-center gap-2">
                  <span className="truncate font-medium">{name}</span>
                  {user.id === viewer.id && (
                    <span className="shrink-0 rounded-md border border-border px-1.5 text-[11px] text-muted-foreground">
                      {t("you")}
                    </span>
                  )}
                </div>
                <div className="truncate text-xs text-muted-foreground">@{user.username}</div>
                <div className="mt-1 sm:hidden">
                  <RoleBadge role={user.role} />
                </div>
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">
                <RoleBadge role={user.role} />
              </td>
              <td className="hidden truncate px-4 py-3 text-muted-foreground md:table-cell">
                {departmentName(user.departmentId)}
              </td>
              <td className="px-4 py-3">
                <StatusBadge user={user} />
              </td>
              <td className="px-2 py-3">
                <div className="flex justify-end gap-0.5">
                  {can.edit && (
                    <IconButton
                      label={t("actions.edit")}
                      icon={<Pencil />}
                      size="sm"
                      tooltipSide="top"
                      onClick={() => onAction("edit", user)}
                      data-testid={`user-edit-${user.username}`}
                    />
                  )}
                  {can.disable && (
                    <IconButton
                      label={user.disabled ? t("actions.enable") : t("actions.disable")}
                      icon={user.disabled ? <UserCheck /> : <UserX />}
                      size="sm"
                      tooltipSide="top"
                      onClick={() => onAction(user.disabled ? "enable" : "disable", user)}
                      data-testid={`user-toggle-${user.username}`}
                    />
                  )}
                  {can.delete && (
                    <IconButton
                      label={t("actions.delete")}
                      icon={<Trash2 />}
                      size="sm"
                      tooltipSide="top-end"
                      className="hover:text-danger"
                      onClick={() => onAction("delete", user)}
                      data-testid={`user-delete-${user.username}`}
                    />
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
