"use client";

import type { FormEvent, ReactNode } from "react";
import { Dialog } from "@/components/ui/dialog";
import { DialogFooter } from "./dialog-footer";
import { TextAreaField, TextField } from "./fields";
import type { useDialogForm } from "./use-dialog-form";

type CreateText =
  | "title"
  | "name"
  | "namePlaceholder"
  | "descriptionLabel"
  | "descriptionHint"
  | "descriptionPlaceholder"
  | "cancel"
  | "submit";

type TextInput = { value: string; onChange: (value: string) => void; maxLength: number };

/**
 * The dialog that creates something with a name and a description; `t` is its namespace and
 * `children` are the fields between the two. Test ids are `<prefix>-dialog`, `-name`,
 * `-description`, `-error` and `-submit`. A field problem the form found (`form.fieldErrors.name`,
 * `.description`) shows on its field.
 */
export function CreateDialog({
  open,
  intro,
  form,
  onSubmit,
  t,
  prefix,
  name,
  description,
  children,
}: {
  open: boolean;
  /** What the dialog says under its title. */
  intro: string;
  form: ReturnType<typeof useDialogForm>;
  onSubmit: (event: FormEvent) => void;
  t: (key: CreateText) => string;
  prefix: string;
  name: TextInput;
  description: TextInput;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={form.close}
      title={t("title")}
      description={intro}
      className="sm:max-w-lg"
      data-testid={`${prefix}-dialog`}
    >
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <TextField
          label={t("name")}
          value={name.value}
          onChange={(event) => name.onChange(event.target.value)}
          maxLength={name.maxLength}
          placeholder={t("namePlaceholder")}
          autoFocus
          error={form.fieldErrors.name}
          data-testid={`${prefix}-name`}
        />
        {children}
        <TextAreaField
          label={t("descriptionLabel")}
          hint={t("descriptionHint")}
          value={description.value}
          onChange={(event) => description.onChange(event.target.value)}
          rows={3}
          maxLength={description.maxLength}
          placeholder={t("descriptionPlaceholder")}
          error={form.fieldErrors.description}
          data-testid={`${prefix}-description`}
        />
        <DialogFooter
          form={form}
          cancelLabel={t("cancel")}
          submitLabel={t("submit")}
          spinner
          testIds={{ error: `${prefix}-error`, submit: `${prefix}-submit` }}
        />
      </form>
    </Dialog>
  );
}
