"use client";

import { Plus, Sparkles } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import { useFileDrop } from "@/components/chat/attachments/use-file-drop";
import { useConfirmedDelete } from "@/components/hooks/use-confirmed-delete";
import { useReportError } from "@/components/hooks/use-report-error";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Segmented } from "@/components/ui/segmented";
import { skillKey, skillsApi, type SkillScope, type SkillView } from "./api";
import { CreateSkillDialog } from "./create-skill-dialog";
import { SkillCard } from "./skill-card";
import { skillHref } from "./skill-links";
import { UploadZone } from "./upload-zone";
import { useSkillUpload } from "./use-skill-upload";
import type { useSkills } from "./use-skills";

type Listed = SkillView & { id: string };
const refOfKey = (key: string) => {
  const [scope, slug] = key.split(":") as [SkillScope, string];
  return { scope, slug };
};

/** The list: shared skills, then the user's own; create, upload (pick or drop), switch, export, delete. */
export function SkillsList({
  list,
  canCreateShared,
}: {
  list: ReturnType<typeof useSkills>;
  canCreateShared: boolean;
}) {
  const t = useTranslations("skills");
  const router = useRouter();
  const reportError = useReportError();
  const [scope, setScope] = useState<SkillScope>("personal");
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<string | null>(null);
  const { reload, upsert } = list;

  const onUploaded = useCallback(
    (skill: SkillView) => {
      toast.success(t("upload.done", { name: skill.name }));
      void reload();
    },
    [reload, t],
  );
  const uploader = useSkillUpload({ scope, onUploaded });
  const pick = useCallback((files: File[]) => void uploader.upload(files[0]), [uploader]);
  const { dragging, dropHandlers } = useFileDrop(pick, uploader.state.status !== "uploading");
  const remover = useConfirmedDelete<Listed>({
    remove: (id) => skillsApi.remove(refOfKey(id)),
    drop: () => void reload(),
    deletedMessage: (name) => t("deleted", { name }),
  });

  async function toggle(skill: SkillView, enabled: boolean) {
    setToggling(skillKey(skill));
    try {
      upsert(await skillsApi.update(skill, { enabled }));
    } catch (error) {
      reportError(error);
    } finally {
      setToggling(null);
    }
  }

  const skills = list.skills;
  const sections = (["shared", "personal"] as const).map((s) => ({
    scope: s,
    items: skills?.filter((skill) => skill.scope === s) ?? [],
  }));

  return (
    <div className="space-y-6" {...dropHandlers}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <p className="max-w-md min-w-0 text-sm text-muted-foreground">{t("description")}</p>
        <div className="flex shrink-0 items-center gap-2">
          {canCreateShared && (
            <span className="text-xs text-muted-foreground" aria-hidden>
              {t("addTo")}
            </span>
          )}
          {canCreateShared && (
            <Segmented<SkillScope>
              value={scope}
              onChange={setScope}
              label={t("addTo")}
              options={[
                { value: "personal", label: t("scopes.personal"), title: t("scopeHints.personal") },
                { value: "shared", label: t("scopes.shared"), title: t("scopeHints.shared") },
              ]}
              className="h-8"
              data-testid="skill-scope-choice"
            />
          )}
          <Button size="sm" onClick={() => setCreating(true)} data-testid="skill-create-button">
            <Plus className="size-4" aria-hidden />
            {t("create.button")}
          </Button>
        </div>
      </div>
      <UploadZone
        state={uploader.state}
        dragging={dragging}
        onPick={(file) => void uploader.upload(file)}
        onDismiss={uploader.dismiss}
      />
      {skills === null ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-label={t("loading")}>
          <div className="h-36 animate-pulse rounded-2xl bg-muted" />
          <div className="h-36 animate-pulse rounded-2xl bg-muted" />
        </div>
      ) : (
        sections.map((section) => (
          <section
            key={section.scope}
            aria-labelledby={`skills-${section.scope}`}
            data-testid={`skills-section-${section.scope}`}
          >
            <h2 id={`skills-${section.scope}`} className="mb-2.5 flex items-baseline gap-2 text-sm font-semibold">
              {t(`sections.${section.scope}`)}
              <span className="text-xs font-normal text-muted-foreground tabular-nums">{section.items.length}</span>
            </h2>
            {section.items.length === 0 ? (
              <div className="flex items-center gap-3 rounded-2xl border border-dashed border-border px-4 py-5 text-sm text-muted-foreground">
                <Sparkles className="size-4 shrink-0" aria-hidden />
                {list.failed ? t("loadFailed") : t(`empty.${section.scope}`)}
              </div>
            ) : (
              <div className="grid gap-3 sm:grid-cols-2">
                {section.items.map((skill) => (
                  <SkillCard
                    key={skillKey(skill)}
                    skill={skill}
                    toggling={toggling === skillKey(skill)}
                    onToggle={(enabled) => void toggle(skill, enabled)}
                    onDelete={() => remover.ask({ ...skill, id: skillKey(skill) })}
                  />
                ))}
              </div>
            )}
          </section>
        ))
      )}
      <CreateSkillDialog
        key={creating ? "open" : "closed"}
        open={creating}
        scope={scope}
        onClose={() => setCreating(false)}
        onCreated={(skill) => {
          setCreating(false);
          toast.success(t("created", { name: skill.name }));
          void reload();
          router.push(skillHref(skill));
        }}
      />
      <ConfirmDialog
        open={remover.deleting !== null}
        title={t("deleteTitle", { name: remover.deleting?.name ?? "" })}
        description={remover.deleting?.scope === "shared" ? t("deleteShared") : t("deletePersonal")}
        confirmLabel={t("delete")}
        destructive
        onConfirm={() => void remover.confirm()}
        onCancel={remover.cancel}
      />
    </div>
  );
}
