"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/components/api/client";
import { FormError, TextField } from "@/components/forms/fields";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { Department } from "../types";

/** Creates a department, or renames one when `department` is given. */
export function DepartmentDialog({
  open,
  department,
  onClose,
  onSaved,
}: {
  open: boolean;
  department: Department | null;
  onClose: () => void;
  onSaved: (department: Department) => void;
}) {
  const t = useTranslations("admin.departments");
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { name: String(data.get("name") ?? "").trim(), description: String(data.get("description") ?? "").trim() };
    if (!body.name) {
      setError(t("errors.nameRequired"));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const saved = await apiFetch<Department>(department ? `/api/admin/departments/${department.id}` : "/api/admin/departments", {
        method: department ? "PATCH" : "POST",
        body: JSON.stringify(body),
      });
      onSaved(saved);
    } catch (err) {
      setError(errorMessage(err, { "conflict:department": t("errors.nameTaken", { name: body.name }) }));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={department ? t("editTitle") : t("createTitle")}
      description={department ? undefined : t("createDescription")}
      data-testid="department-dialog"
    >
      <form key={department?.id ?? "new"} onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <TextField name="name" label={t("form.name")} defaultValue={department?.name} required maxLength={80} autoComplete="off" data-testid="department-form-name" />
        <TextField name="description" label={t("form.description")} defaultValue={department?.description} maxLength={500} autoComplete="off" data-testid="department-form-description" />
        <FormError message={error} data-testid="department-form-error" />
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="outline" size="sm" onClick={close} data-testid="department-form-cancel">
            {t("form.cancel")}
          </Button>
          <Button type="submit" size="sm" disabled={pending} data-testid="department-form-submit">
            {department ? t("form.save") : t("form.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
