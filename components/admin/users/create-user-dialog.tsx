"use client";

import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { apiFetch } from "@/components/api/client";
import { DISPLAY_NAME_MAX, newUserSchema, USERNAME_MAX } from "@/lib/auth/user-schemas";
import { DialogFooter } from "@/components/forms/dialog-footer";
import { SelectField, TextField } from "@/components/forms/fields";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { Dialog } from "@/components/ui/dialog";
import type { AdminUser, Department, Viewer } from "../types";
import { creatableRoles } from "./user-permissions";
import { USER_FORM_IDS } from "./user-form-ids";

/** The body fields this form shows, so a problem with one of them is marked on it. */
const SHOWN_FIELDS = ["username", "displayName", "password"] as const;

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
  const form = useDialogForm(onClose, SHOWN_FIELDS);
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
    // The route's own schema, so nothing it would refuse is sent.
    if (!form.check(newUserSchema, body)) return;
    await form.run(
      async () =>
        onCreated(await apiFetch<AdminUser>("/api/admin/users", { method: "POST", body: JSON.stringify(body) })),
      { "conflict:user": t("errors.usernameTaken") },
    );
  }

  const departmentOptions = superadmin
    ? [{ value: "", label: t("noDepartment") }, ...departments.map((d) => ({ value: d.id, label: d.name }))]
    : departments.filter((d) => d.id === viewer.departmentId).map((d) => ({ value: d.id, label: d.name }));

  return (
    <Dialog
      open={open}
      onClose={form.close}
      title={t("createTitle")}
      description={t("createDescription")}
      data-testid="user-create-dialog"
    >
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <TextField
          name="username"
          label={t("form.username")}
          hint={t("form.usernameHint")}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USERNAME_MAX}
          error={form.fieldErrors.username}
          data-testid="user-form-username"
        />
        <TextField
          name="displayName"
          label={t("form.displayName")}
          maxLength={DISPLAY_NAME_MAX}
          error={form.fieldErrors.displayName}
          data-testid="user-form-display-name"
        />
        <TextField
          name="password"
          type="password"
          label={t("form.password")}
          hint={t("form.passwordHint")}
          required
          autoComplete="new-password"
          error={form.fieldErrors.password}
          data-testid="user-form-password"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="role"
            label={t("form.role")}
            options={creatableRoles(viewer).map((r) => ({ value: r, label: roleName(r) }))}
            disabled={!superadmin}
            data-testid="user-form-role"
          />
          <SelectField
            name="departmentId"
            label={t("form.department")}
            options={departmentOptions}
            disabled={!superadmin}
            data-testid="user-form-department"
          />
        </div>
        <DialogFooter
          form={form}
          cancelLabel={t("form.cancel")}
          submitLabel={form.pending ? t("form.creating") : t("form.create")}
          testIds={USER_FORM_IDS}
        />
      </form>
    </Dialog>
  );
}
