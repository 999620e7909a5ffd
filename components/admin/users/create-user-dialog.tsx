"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/components/api/client";
import { FormError, SelectField, TextField } from "@/components/forms/fields";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { AdminUser, Department, Viewer } from "../types";
import { creatableRoles } from "./user-permissions";

export function CreateUserDialog({
  open,
  viewer,
  departments,
  onClose,
  onCreated,
}: {
  open: boolean;
  viewer: Viewer;
  departments: Department[];
  onClose: () => void;
  onCreated: (user: AdminUser) => void;
}) {
  const t = useTranslations("admin.users");
  const roleName = useTranslations("settings.roles");
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const superadmin = viewer.role === "superadmin";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const departmentId = String(data.get("departmentId") ?? "");
    const body = {
      username: String(data.get("username") ?? "").trim(),
      displayName: String(data.get("displayName") ?? "").trim(),
      password: String(data.get("password") ?? ""),
      role: superadmin ? String(data.get("role")) : "user",
      departmentId: superadmin ? departmentId || null : viewer.departmentId,
    };
    setPending(true);
    setError(null);
    try {
      const user = await apiFetch<AdminUser>("/api/admin/users", { method: "POST", body: JSON.stringify(body) });
      onCreated(user);
    } catch (err) {
      setError(errorMessage(err, { "conflict:user": t("errors.usernameTaken") }));
    } finally {
      setPending(false);
    }
  }

  const departmentOptions = superadmin
    ? [{ value: "", label: t("noDepartment") }, ...departments.map((d) => ({ value: d.id, label: d.name }))]
    : departments.filter((d) => d.id === viewer.departmentId).map((d) => ({ value: d.id, label: d.name }));

  return (
    <Dialog open={open} onClose={close} title={t("createTitle")} description={t("createDescription")} data-testid="user-create-dialog">
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <TextField name="username" label={t("form.username")} hint={t("form.usernameHint")} required autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={64} data-testid="user-form-username" />
        <TextField name="displayName" label={t("form.displayName")} maxLength={100} data-testid="user-form-display-name" />
        <TextField name="password" type="password" label={t("form.password")} hint={t("form.passwordHint")} required autoComplete="new-password" data-testid="user-form-password" />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="role"
            label={t("form.role")}
            options={creatableRoles(viewer).map((r) => ({ value: r, label: roleName(r) }))}
            disabled={!superadmin}
            data-testid="user-form-role"
          />
          <SelectField name="departmentId" label={t("form.department")} options={departmentOptions} disabled={!superadmin} data-testid="user-form-department" />
        </div>
        <FormError message={error} data-testid="user-form-error" />
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="outline" size="sm" onClick={close} data-testid="user-form-cancel">
            {t("form.cancel")}
          </Button>
          <Button type="submit" size="sm" disabled={pending} data-testid="user-form-submit">
            {pending ? t("form.creating") : t("form.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
