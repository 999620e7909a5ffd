"use client";

import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { Sharing } from "@/lib/sharing/types";
import { loadDirectory } from "@/components/admin/agents/use-editor-data";
import type { AgentsActor } from "@/components/admin/agents/types";
import { FormError } from "@/components/forms/fields";
import { useErrorMessage } from "@/components/forms/use-error-message";
import type { Directory } from "@/components/sharing/scope-editor";
import { SharingEditor } from "@/components/sharing/sharing-editor";
import { privateSharing } from "@/components/sharing/sharing-state";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { skillsApi, type SkillRef, type SkillView } from "./api";

/** Who may use (read) and change (manage) a shared skill, in the sharing editor agents use. */
export function SkillSharingDialog({
  open,
  skill,
  actor,
  onClose,
  onSaved,
}: {
  open: boolean;
  skill: SkillView & SkillRef;
  actor: AgentsActor;
  onClose: () => void;
  onSaved: (view: SkillView) => void;
}) {
  const t = useTranslations("skills.sharing");
  const errorMessage = useErrorMessage();
  const [sharing, setSharing] = useState<Sharing>(skill.sharing ?? privateSharing());
  const [directory, setDirectory] = useState<Directory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { id, role, departmentId } = actor;

  useEffect(() => {
    let cancelled = false;
    void loadDirectory({ id, role, departmentId }).then((loaded) => !cancelled && setDirectory(loaded));
    return () => {
      cancelled = true;
    };
  }, [id, role, departmentId]);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      onSaved(await skillsApi.update(skill, { sharing }));
    } catch (err) {
      setError(errorMessage(err, { "forbidden:sharing": t("forbidden") }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("title", { name: skill.name })}
      description={t("description")}
      className="sm:max-w-3xl"
      data-testid="skill-sharing-dialog"
    >
      <div className="mt-4 space-y-4">
        {directory ? (
          <SharingEditor value={sharing} onChange={setSharing} actor={actor} directory={directory} />
        ) : (
          <div className="h-40 animate-pulse rounded-xl bg-muted" />
        )}
        <FormError message={error} data-testid="skill-sharing-error" />
        <div className="flex justify-end gap-2">
          <Button variant="outline" size="sm" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button
            size="sm"
            onClick={() => void save()}
            disabled={saving || !directory}
            data-testid="skill-sharing-save"
          >
            {saving && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
            {t("save")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
