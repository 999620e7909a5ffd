"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { apiFetch } from "@/components/api/client";
import { FormError, TextField } from "@/components/forms/fields";
import { FormSection } from "@/components/forms/form-section";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { Button } from "@/components/ui/button";
import { PasswordChange } from "@/lib/auth/account-schemas";
import { PASSWORD_MIN_LENGTH } from "@/lib/identity/password-rules";

const NO_CLOSE = () => {};
const EMPTY = { currentPassword: "", password: "", confirm: "" };

/**
 * Change password: the current one is required (checked like a sign-in), the new one follows the
 * server's rules and is typed twice. Success ends every other session and API token.
 */
export function PasswordForm({ username, onChanged }: { username: string; onChanged: () => void }) {
  const t = useTranslations("account");
  const form = useDialogForm(NO_CLOSE, ["currentPassword", "password", "confirm"]);
  const [values, setValues] = useState(EMPTY);
  const [mismatch, setMismatch] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (key === "confirm") setMismatch(false);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = form.check(PasswordChange, { currentPassword: values.currentPassword, password: values.password });
    const differs = values.confirm !== values.password;
    setMismatch(differs);
    if (!body || differs) return;
    void form.run(
      async () => {
        const result = await apiFetch<{ sessionsEnded: number; tokensRevoked: number }>("/api/account/password", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        setValues(EMPTY);
        toast.success(t("passwordChanged", { sessions: result.sessionsEnded, tokens: result.tokensRevoked }));
        onChanged();
      },
      { "rate_limited:auth": t("passwordLocked") },
    );
  }

  return (
    <FormSection id="account-password" title={t("password")} description={t("passwordHint")}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
        <TextField
          label={t("currentPassword")}
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set("currentPassword")}
          error={form.fieldErrors.currentPassword}
          data-testid="account-current-password"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("newPassword")}
            type="password"
            autoComplete="new-password"
            hint={t("newPasswordHint", { min: PASSWORD_MIN_LENGTH })}
            value={values.password}
            onChange={set("password")}
            error={form.fieldErrors.password}
            data-testid="account-new-password"
          />
          <TextField
            label={t("confirmPassword")}
            type="password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={set("confirm")}
            error={mismatch ? t("passwordsDiffer") : null}
            data-testid="account-confirm-password"
          />
        </div>
        <FormError message={form.error} data-testid="account-password-error" />
        <div className="flex justify-end">
          <Button
            type="submit"
            size="sm"
            disabled={form.pending || !values.currentPassword || !values.password}
            data-testid="account-password-save"
          >
            {t("changePassword")}
          </Button>
        </div>
      </form>
    </FormSection>
  );
}
