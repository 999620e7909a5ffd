"use client";

import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import type { AgentsActor } from "@/components/admin/agents/types";
import { FormError } from "@/components/forms/fields";
import { SharingEditor } from "@/components/sharing/sharing-editor";
import { privateSharing } from "@/components/sharing/sharing-state";
import { useSharingForm } from "@/components/sharing/use-sharing-form";
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
  const { sharing, setSharing, directory, error, saving, save } = useSharingForm({
    actor,
    saved: skill.sharing ?? privateSharing(),
    persist: async (next) => onSaved(await skillsApi.update(skill, { sharing: next })),
    forbidden: t("forbidden"),
  });

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
