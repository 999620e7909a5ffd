"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { DialogFooter } from "@/components/forms/dialog-footer";
import { TextField } from "@/components/forms/fields";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { Dialog } from "@/components/ui/dialog";
import { newFileProblem } from "./file-path";

/** Asks for the new file's path inside the skill folder; `onCreate` writes it (empty). */
export function AddFileDialog({
  open,
  existing,
  onClose,
  onCreate,
}: {
  open: boolean;
  existing: string[];
  onClose: () => void;
  onCreate: (path: string) => Promise<void>;
}) {
  const t = useTranslations("skills.files");
  const [path, setPath] = useState("");
  const form = useDialogForm(onClose);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newFileProblem(path, existing);
    if (problem) return form.setError(t(`problems.${problem}`));
    await form.run(() => onCreate(path.trim()));
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("addTitle")}
      description={t("addDescription")}
      data-testid="skill-file-dialog"
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField
          label={t("path")}
          value={path}
          onChange={(event) => setPath(event.target.value)}
          placeholder="scripts/helper.py"
          spellCheck={false}
          autoFocus
          className="font-mono"
          data-testid="skill-file-path"
        />
        <DialogFooter
          form={form}
          cancelLabel={t("cancel")}
          submitLabel={t("create")}
          spinner
          testIds={{ error: "skill-file-error", submit: "skill-file-create" }}
        />
      </form>
    </Dialog>
  );
}
