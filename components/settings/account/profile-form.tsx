"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { apiFetch } from "@/components/api/client";
import { FormError, TextField } from "@/components/forms/fields";
import { FormSection } from "@/components/forms/form-section";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { Button } from "@/components/ui/button";
import { AccountPatch } from "@/lib/auth/account-schemas";
import type { AccountProfile } from "./types";

const NO_CLOSE = () => {};

/** Display name (editable), username, role and department (read-only: an admin changes those). */
export function ProfileForm({ account }: { account: AccountProfile }) {
  const t = useTranslations("account");
  const tSettings = useTranslations("settings");
  const router = useRouter();
  const form = useDialogForm(NO_CLOSE, ["displayName"]);
  const [saved, setSaved] = useState(account.displayName);
  const [displayName, setDisplayName] = useState(account.displayName);
  const changed = displayName.trim() !== saved;

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = form.check(AccountPatch, { displayName });
    if (!body) return;
    void form.run(async () => {
      const next = await apiFetch<AccountProfile>("/api/account", {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      setSaved(next.displayName);
      setDisplayName(next.displayName);
      toast.success(t("profileSaved"));
      router.refresh(); // the sidebar's name comes from the server layout
    });
  }

  return (
    <FormSection id="account-profile" title={t("profile")} description={t("profileHint")}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t("username")}</dt>
            <dd className="truncate font-medium" data-testid="account-username">
              {account.username}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t("role")}</dt>
            <dd className="truncate font-medium">{tSettings(`roles.${account.role}`)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-muted-foreground">{t("department")}</dt>
            <dd className="truncate font-medium">{account.department?.name ?? t("noDepartment")}</dd>
          </div>
        </dl>
        <TextField
          label={t("displayName")}
          hint={t("displayNameHint")}
          value={displayName}
          placeholder={account.username}
          maxLength={120}
          autoComplete="name"
          onChange={(e) => setDisplayName(e.target.value)}
          error={form.fieldErrors.displayName}
          data-testid="account-display-name"
        />
        <FormError message={form.error} data-testid="account-profile-error" />
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={!changed || form.pending} data-testid="account-profile-save">
            {t("save")}
          </Button>
        </div>
      </form>
    </FormSection>
  );
}
