"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { DialogFooter } from "@/components/forms/dialog-footer";
import { controlClass, TextField } from "@/components/forms/fields";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { Dialog } from "@/components/ui/dialog";
import { kbsApi, type KbView } from "./api";

/** Name and description in; the new knowledge base (private to its creator) opens next. */
export function CreateKbDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (kb: KbView) => void;
}) {
  const t = useTranslations("kbs.create");
  const descriptionId = useId();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const form = useDialogForm(onClose);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return form.setError(t("required"));
    await form.run(async () =>
      onCreated(await kbsApi.create({ name: name.trim(), description: description.trim() || undefined })),
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("title")}
      description={t("description")}
      className="sm:max-w-lg"
      data-testid="kb-create-dialog"
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField
          label={t("name")}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={120}
          placeholder={t("namePlaceholder")}
          autoFocus
          data-testid="kb-create-name"
        />
        <div className="space-y-1.5">
          <label htmlFor={descriptionId} className="block text-sm font-medium">
            {t("descriptionLabel")}
          </label>
          <textarea
            id={descriptionId}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            rows={3}
            maxLength={2000}
            placeholder={t("descriptionPlaceholder")}
            className={cn(controlClass, "h-auto resize-y py-2 leading-relaxed")}
            data-testid="kb-create-description"
          />
          <p className="text-xs text-muted-foreground">{t("descriptionHint")}</p>
        </div>
        <DialogFooter
          form={form}
          cancelLabel={t("cancel")}
          submitLabel={t("submit")}
          spinner
          testIds={{ error: "kb-create-error", submit: "kb-create-submit" }}
        />
      </form>
    </Dialog>
  );
}
