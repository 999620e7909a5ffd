"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/components/api/client";
import { DialogFooter } from "@/components/forms/dialog-footer";
import { SelectField, TextField } from "@/components/forms/fields";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { newTokenSchema, TOKEN_NAME_MAX } from "@/lib/auth/token-schemas";
import { Dialog } from "@/components/ui/dialog";
import { NewTokenNotice } from "./new-token-notice";
import type { CreatedApiToken } from "./types";

const SHOWN_FIELDS = ["name"] as const;
const EXPIRY_DAYS = ["7", "30", "90", "365", "never"] as const;

/** Asks for a name and an expiry, then shows the new token once. */
export function CreateTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const t = useTranslations("tokens");
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  // Closing forgets the secret for good.
  const form = useDialogForm(() => {
    setCreated(null);
    onClose();
  }, SHOWN_FIELDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get("name") ?? "").trim();
    const expiry = String(data.get("expiry") ?? "never");
    const body = { name, expiresInDays: expiry === "never" ? null : Number(expiry) };
    if (!form.check(newTokenSchema, body)) return;
    await form.run(
      async () => {
        setCreated(await apiFetch<CreatedApiToken>("/api/tokens", { method: "POST", body: JSON.stringify(body) }));
        onCreated();
      },
      { "conflict:token": t("errors.limit") },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={form.close}
      title={created ? t("createdTitle") : t("createTitle")}
      description={created ? undefined : t("createDescription")}
      className="max-w-lg"
      data-testid="token-dialog"
    >
      {created ? (
        <NewTokenNotice created={created} onDone={form.close} />
      ) : (
        <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
          <TextField
            name="name"
            label={t("form.name")}
            placeholder={t("form.namePlaceholder")}
            required
            maxLength={TOKEN_NAME_MAX}
            error={form.fieldErrors.name}
            autoComplete="off"
            data-testid="token-form-name"
          />
          <SelectField
            name="expiry"
            label={t("form.expiry")}
            defaultValue="90"
            options={EXPIRY_DAYS.map((d) => ({
              value: d,
              label: d === "never" ? t("form.noExpiry") : t("form.days", { count: Number(d) }),
            }))}
            data-testid="token-form-expiry"
          />
          <DialogFooter
            form={form}
            cancelLabel={t("form.cancel")}
            submitLabel={form.pending ? t("form.creating") : t("form.create")}
            testIds={{ error: "token-form-error", cancel: "token-form-cancel", submit: "token-form-submit" }}
          />
        </form>
      )}
    </Dialog>
  );
}
