"use client";

import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ApiClientError, apiFetch } from "@/components/api/client";
import { useApiList } from "@/components/hooks/use-api-list";
import { useReportError } from "@/components/hooks/use-report-error";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader, Panel, PanelMessage } from "../page-header";
import type { Department, Viewer } from "../types";
import { DepartmentDialog } from "./department-dialog";
import { DepartmentTable } from "./department-table";

/** Departments screen: the superadmin manages them all; an admin sees their own, read-only. */
export function DepartmentsAdmin({ viewer }: { viewer: Viewer }) {
  const t = useTranslations("admin.departments");
  const reportError = useReportError();
  const list = useApiList<Department>("/api/admin/departments");
  const [dialog, setDialog] = useState<{ department: Department | null } | null>(null);
  const [deleting, setDeleting] = useState<Department | null>(null);
  const manageable = viewer.role === "superadmin";

  async function remove(department: Department) {
    setDeleting(null);
    try {
      await apiFetch(`/api/admin/departments/${department.id}`, { method: "DELETE" });
      toast.success(t("toasts.deleted", { name: department.name }));
    } catch (err) {
      if (err instanceof ApiClientError && err.code === "conflict:department") {
        toast.error(t("errors.hasUsers", { name: department.name, count: department.userCount }));
      } else {
        reportError(err);
      }
    }
    await list.reload();
  }

  return (
    <>
      <PageHeader
        title={t("title")}
        description={manageable ? t("description") : t("descriptionAdmin")}
        actions={
          manageable && (
            <Button size="sm" onClick={() => setDialog({ department: null })} data-testid="department-create">
              <Plus className="size-4" aria-hidden />
              {t("create")}
            </Button>
          )
        }
      />
      <Panel data-testid="departments-panel">
        {list.error ? (
          <PanelMessage data-testid="departments-error">{t("loadFailed")}</PanelMessage>
        ) : list.items === null ? (
          <PanelMessage data-testid="departments-loading">{t("loading")}</PanelMessage>
        ) : list.items.length === 0 ? (
          <PanelMessage data-testid="departments-empty">{manageable ? t("empty") : t("emptyAdmin")}</PanelMessage>
        ) : (
          <DepartmentTable
            departments={list.items}
            manageable={manageable}
            onEdit={(department) => setDialog({ department })}
            onDelete={setDeleting}
          />
        )}
      </Panel>

      <DepartmentDialog
        open={dialog !== null}
        department={dialog?.department ?? null}
        onClose={() => setDialog(null)}
        onSaved={(saved) => {
          toast.success(t(dialog?.department ? "toasts.updated" : "toasts.created", { name: saved.name }));
          setDialog(null);
          void list.reload();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t("deleteTitle", { name: deleting?.name ?? "" })}
        description={t("deleteDescription")}
        confirmLabel={t("actions.delete")}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
