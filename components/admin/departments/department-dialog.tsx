"use client";

import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { apiFetch } from "@/components/api/client";
import { DialogFooter } from "@/components/forms/dialog-footer";
import { TextField } from "@/components/forms/fields";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import {
  DEPARTMENT_DESCRIPTION_MAX,
  DEPARTMENT_NAME_MAX,
  departmentPatchSchema,
  newDepartmentSchema,
} from "@/lib/auth/department-schemas";
import { Dialog } from "@/components/ui/dialog";
import type { Department } from "../types";

type Props = {
  open: boolean;
  department: Department | null;
  onClose: () => void;
  onSaved: (department: Department) => void;
};

const SHOWN_FIELDS = ["name", "description"] as const;

/** Creates a department, or renames one when `department` is given. */
export function DepartmentDialog({ open, department, onClose, onSaved }: Props) {
  const t = useTranslations("admin.departments");
  const form = useDialogForm(onClose, SHOWN_FIELDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = {
      name: String(data.get("name") ?? "").trim(),
      description: String(data.get("description") ?? "").trim(),
    };
    if (!form.check(department ? departmentPatchSchema : newDepartmentSchema, body)) return;
    const url = department ? `/api/admin/departments/${department.id}` : "/api/admin/departments";
    await form.run(
      async () =>
        onSaved(await apiFetch<Department>(url, { method: department ? "PATCH" : "POST", body: JSON.stringify(body) })),
      { "conflict:department": t("errors.nameTaken", { name: body.name }) },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={form.close}
      title={department ? t("editTitle") : t("createTitle")}
      description={department ? undefined : t("createDescription")}
      data-testid="department-dialog"
    >
      <form key={department?.id ?? "new"} onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <TextField
          name="name"
          label={t("form.name")}
          defaultValue={department?.name}
          required
          maxLength={DEPARTMENT_NAME_MAX}
          autoComplete="off"
          error={form.fieldErrors.name}
          data-testid="department-form-name"
        />
        <TextField
          name="description"
          label={t("form.description")}
          defaultValue={department?.description}
          maxLength={DEPARTMENT_DESCRIPTION_MAX}
          autoComplete="off"
          error={form.fieldErrors.description}
          data-testid="department-form-description"
        />
        <DialogFooter
          form={form}
          cancelLabel={t("form.cancel")}
          submitLabel={department ? t("form.save") : t("form.create")}
          testIds={{
            error: "department-form-error",
            cancel: "department-form-cancel",
            submit: "department-form-submit",
          }}
        />
      </form>
    </Dialog>
  );
}
