"use client";

import type { ComponentProps, FormEvent, ReactNode } from "react";
import { DialogFooter } from "@/components/forms/dialog-footer";
import { Dialog } from "@/components/ui/dialog";

type FormText = "createTitle" | "editTitle" | "createDescription" | "cancel" | "create" | "save";

/**
 * The create/edit dialog of a resource screen; `t` is the form's namespace. Test ids are
 * `<prefix>-form`, `<prefix>-form-error`, `<prefix>-cancel` and `<prefix>-save`.
 */
export function ResourceFormDialog({
  open,
  editing,
  form,
  onSubmit,
  invalid,
  t,
  prefix,
  children,
}: {
  open: boolean;
  /** The name of the resource being edited; null when creating. */
  editing: string | null;
  form: ComponentProps<typeof DialogFooter>["form"];
  onSubmit: (event: FormEvent) => void;
  invalid: boolean;
  t: (key: FormText, values?: { name: string }) => string;
  prefix: string;
  children: ReactNode;
}) {
  const creating = editing === null;
  return (
    <Dialog
      open={open}
      onClose={form.close}
      title={creating ? t("createTitle") : t("editTitle", { name: editing })}
      description={creating ? t("createDescription") : undefined}
      className="max-w-xl"
      data-testid={`${prefix}-form`}
    >
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        {children}
        <DialogFooter
          form={form}
          cancelLabel={t("cancel")}
          submitLabel={creating ? t("create") : t("save")}
          invalid={invalid}
          spinner
          testIds={{
            error: `${prefix}-form-error`,
            cancel: `${prefix}-cancel`,
            submit: `${prefix}-save`,
          }}
        />
      </form>
    </Dialog>
  );
}
