"use client";

import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormError, TextField } from "@/components/forms/fields";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { Button } from "@/components/ui/button";
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
  const errorMessage = useErrorMessage();
  const [path, setPath] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newFileProblem(path, existing);
    if (problem) return setError(t(`problems.${problem}`));
    setSaving(true);
    setError(null);
    try {
      await onCreate(path.trim());
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={t("addTitle")} description={t("addDescription")} data-testid="skill-file-dialog">
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
        <FormError message={error} data-testid="skill-file-error" />
        <div className="flex justify-end gap-2">
          <Button variant="outline" size="sm" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" size="sm" disabled={saving} data-testid="skill-file-create">
            {saving && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
            {t("create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
