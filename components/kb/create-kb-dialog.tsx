"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { CreateDialog } from "@/components/forms/create-dialog";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { kbBody } from "@/lib/kb/kb-body";
import { kbsApi, type KbView } from "./api";

const SHOWN_FIELDS = ["name", "description"] as const;

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
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const form = useDialogForm(onClose, SHOWN_FIELDS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(kbBody, { name, description: description.trim() || undefined });
    if (!body) return;
    await form.run(async () => onCreated(await kbsApi.create(body)));
  }

  return (
    <CreateDialog
      open={open}
      intro={t("description")}
      form={form}
      onSubmit={submit}
      t={t}
      prefix="kb-create"
      name={{ value: name, onChange: setName, maxLength: 120 }}
      description={{ value: description, onChange: setDescription, maxLength: 2000 }}
    />
  );
}
