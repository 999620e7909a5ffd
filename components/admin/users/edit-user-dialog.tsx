"use client";

import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { apiFetch } from "@/components/api/client";
import { DialogFooter } from "@/components/forms/dialog-footer";
import { SelectField, TextField } from "@/components/forms/fields";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { CURRENT_PASSWORD_MISSING, DISPLAY_NAME_MAX, userPatchSchema } from "@/lib/auth/user-schemas";
import { Dialog } from "@/components/ui/dialog";
import type { AdminUser, Department, Role, Viewer } from "../types";
import { USER_FORM_IDS } from "./user-form-ids";
import { userPermissions } from "./user-permissions";

/** Only the fields that differ from the user's current values are sent. */
function changedFields(user: AdminUser, data: FormData) {
  const change: {
    displayName?: string;
    role?: Role;
    departmentId?: string | null;
    password?: string;
    currentPassword?: string;
  } = {};
  const displayName = String(data.get("displayName") ?? "").trim();
  if (displayName !== user.displayName) change.displayName = displayName;
  const role = data.get("role");
  if (role !== null && role !== user.role) change.role = role as Role;
  const departmentId = data.get("departmentId");
  if (departmentId !== null && (departmentId || null) !== user.departmentId)
    change.departmentId = String(departmentId) || null;
  const password = String(data.get("password") ?? "");
  if (password) change.password = password;
  const currentPassword = String(data.get("currentPassword") ?? "");
  if (password && currentPassword) change.currentPassword = currentPassword;
  return change;
}

/** The body fields this form shows, so a problem with one of them is marked on it. */
const SHOWN_FIELDS = ["displayName", "password", "currentPassword"] as const;

/** The route's schema, plus its rule that one's own new password needs the current one. */
const ownPatchSchema = userPatchSchema.refine((p) => !p.password || !!p.currentPassword, CURRENT_PASSWORD_MISSING);

export function EditUserDialog({
  user,
  viewer,
  departments,
  onClose,
  onSaved,
}: {
  user: AdminUser | null;
  viewer: Viewer;
  departments: Department[];
  onClose: () => void;
  onSaved: (user: AdminUser) => void;
}) {
  const t = useTranslations("admin.users");
  const roleName = useTranslations("settings.roles");
  const form = useDialogForm(onClose, SHOWN_FIELDS);
  const can = user ? userPermissions(viewer, user) : null;
  const self = user?.id === viewer.id;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) return;
    const change = changedFields(user, new FormData(event.currentTarget));
    if (Object.keys(change).length === 0) return form.close();
    if (!form.check(self ? ownPatchSchema : userPatchSchema, change)) return;
    await form.run(
      async () =>
        onSaved(
          await apiFetch<AdminUser>(`/api/admin/users/${user.id}`, { method: "PATCH", body: JSON.stringify(change) }),
        ),
      { "rate_limited:auth": t("errors.locked") },
    );
  }

  const roles: Role[] = user?.role === "superadmin" ? ["superadmin"] : ["user", "admin"];
  return (
    <Dialog
      open={user !== null}
      onClose={form.close}
      title={t("editTitle", { name: user?.displayName || user?.username || "" })}
      description={user ? `@${user.username}` : undefined}
      data-testid="user-edit-dialog"
    >
      {user && can && (
        <form key={user.id} onSubmit={submit} className="mt-4 space-y-4" noValidate>
          <TextField
            name="displayName"
            label={t("form.displayName")}
            defaultValue={user.displayName}
            maxLength={DISPLAY_NAME_MAX}
            error={form.fieldErrors.displayName}
            data-testid="user-form-display-name"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name={can.changeRole ? "role" : undefined}
              label={t("form.role")}
              defaultValue={user.role}
              options={roles.map((r) => ({ value: r, label: roleName(r) }))}
              disabled={!can.changeRole}
              data-testid="user-form-role"
            />
            <SelectField
              name={can.changeDepartment ? "departmentId" : undefined}
              label={t("form.department")}
              defaultValue={user.departmentId ?? ""}
              options={[
                { value: "", label: t("noDepartment") },
                ...departments.map((d) => ({ value: d.id, label: d.name })),
              ]}
              disabled={!can.changeDepartment}
              data-testid="user-form-department"
            />
          </div>
          {/* Your own password: the server wants the current one too (app/api/admin/users/[id]). */}
          {self && (
            <TextField
              name="currentPassword"
              type="password"
              label={t("form.currentPassword")}
              hint={t("form.currentPasswordHint")}
              autoComplete="current-password"
              error={form.fieldErrors.currentPassword}
              data-testid="user-form-current-password"
            />
          )}
          <TextField
            name="password"
            type="password"
            label={t("form.newPassword")}
            hint={self ? t("form.ownNewPasswordHint") : t("form.newPasswordHint")}
            autoComplete="new-password"
            error={form.fieldErrors.password}
            data-testid="user-form-password"
          />
          <DialogFooter
            form={form}
            cancelLabel={t("form.cancel")}
            submitLabel={form.pending ? t("form.saving") : t("form.save")}
            testIds={USER_FORM_IDS}
          />
        </form>
      )}
    </Dialog>
  );
}
