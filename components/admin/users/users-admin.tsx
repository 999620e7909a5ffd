"use client";

import { UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { apiFetch } from "@/components/api/client";
import { useApiList } from "@/components/hooks/use-api-list";
import { useReportError } from "@/components/hooks/use-report-error";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader, Panel, PanelMessage } from "../page-header";
import type { AdminUser, Department, Viewer } from "../types";
import { CreateUserDialog } from "./create-user-dialog";
import { EditUserDialog } from "./edit-user-dialog";
import { UserTable, type UserAction } from "./user-table";

type Pending = { action: "disable" | "delete"; user: AdminUser } | null;

/** Users screen: the accounts the viewer may see, and what the role rules let them do with each. */
export function UsersAdmin({ viewer }: { viewer: Viewer }) {
  const t = useTranslations("admin.users");
  const reportError = useReportError();
  const users = useApiList<AdminUser>("/api/admin/users");
  const departments = useApiList<Department>("/api/admin/departments");
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const nameOf = (user: AdminUser) => user.displayName || user.username;

  async function setDisabled(user: AdminUser, disabled: boolean) {
    try {
      await apiFetch(`/api/admin/users/${user.id}`, { method: "PATCH", body: JSON.stringify({ disabled }) });
      toast.success(t(disabled ? "toasts.disabled" : "toasts.enabled", { name: nameOf(user) }));
      await users.reload();
    } catch (err) {
      reportError(err);
    }
  }

  async function remove(user: AdminUser) {
    try {
      await apiFetch(`/api/admin/users/${user.id}`, { method: "DELETE" });
      toast.success(t("toasts.deleted", { name: nameOf(user) }));
      await Promise.all([users.reload(), departments.reload()]);
    } catch (err) {
      reportError(err);
    }
  }

  function onAction(action: UserAction, user: AdminUser) {
    if (action === "edit") setEditing(user);
    else if (action === "enable") void setDisabled(user, false);
    else setPending({ action, user });
  }

  async function confirmPending() {
    if (!pending) return;
    setPending(null);
    if (pending.action === "delete") await remove(pending.user);
    else await setDisabled(pending.user, true);
  }

  const canCreate = viewer.role === "superadmin" || viewer.departmentId !== null;
  return (
    <>
      <PageHeader
        title={t("title")}
        description={viewer.role === "superadmin" ? t("description") : t("descriptionAdmin")}
        actions={
          canCreate && (
            <Button size="sm" onClick={() => setCreating(true)} data-testid="user-create">
              <UserPlus className="size-4" aria-hidden />
              {t("create")}
            </Button>
          )
        }
      />
      <Panel data-testid="users-panel">
        {users.error ? (
          <PanelMessage data-testid="users-error">{t("loadFailed")}</PanelMessage>
        ) : users.items === null ? (
          <PanelMessage data-testid="users-loading">{t("loading")}</PanelMessage>
        ) : (
          <UserTable users={users.items} departments={departments.items ?? []} viewer={viewer} onAction={onAction} />
        )}
      </Panel>

      <CreateUserDialog
        open={creating}
        viewer={viewer}
        departments={departments.items ?? []}
        onClose={() => setCreating(false)}
        onCreated={(user) => {
          setCreating(false);
          toast.success(t("toasts.created", { name: nameOf(user) }));
          void Promise.all([users.reload(), departments.reload()]);
        }}
      />
      <EditUserDialog
        user={editing}
        viewer={viewer}
        departments={departments.items ?? []}
        onClose={() => setEditing(null)}
        onSaved={(user) => {
          setEditing(null);
          toast.success(t("toasts.updated", { name: nameOf(user) }));
          void Promise.all([users.reload(), departments.reload()]);
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending ? t(pending.action === "delete" ? "deleteTitle" : "disableTitle", { name: nameOf(pending.user) }) : ""
        }
        description={pending ? t(pending.action === "delete" ? "deleteDescription" : "disableDescription") : undefined}
        confirmLabel={pending?.action === "delete" ? t("actions.delete") : t("actions.disable")}
        destructive
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
