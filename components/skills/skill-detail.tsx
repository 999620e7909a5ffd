"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { ApiClientError } from "@/components/api/client";
import type { AgentsActor } from "@/components/admin/agents/types";
import { useReportError } from "@/components/hooks/use-report-error";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { skillsApi, type SkillDetail as Detail, type SkillRef, type SkillView } from "./api";
import { AddFileDialog } from "./add-file-dialog";
import { SkillDetailHeader } from "./skill-detail-header";
import { SkillFileEditor } from "./skill-file-editor";
import { SkillFiles } from "./skill-files";
import { SkillSharingDialog } from "./skill-sharing-dialog";
import { useSkillDocuments } from "./use-skill-documents";
import { LoadingBlock } from "@/components/ui/loading-block";

type Dialog = "share" | "add-file" | "delete" | { deleteFile: string } | null;

/** One skill opened: header with its actions, the file list, and the editor of the selected file. */
export function SkillDetail({
  skillRef,
  actor,
  onChanged,
}: {
  skillRef: SkillRef;
  actor: AgentsActor;
  onChanged: () => void;
}) {
  const t = useTranslations("skills");
  const router = useRouter();
  const reportError = useReportError();
  const [skill, setSkill] = useState<Detail | null>(null);
  const [missing, setMissing] = useState(false);
  const [selected, setSelected] = useState("SKILL.md");
  const [dialog, setDialog] = useState<Dialog>(null);
  const [toggling, setToggling] = useState(false);
  const { slug, scope } = skillRef;

  const refresh = useCallback(async () => {
    try {
      setSkill(await skillsApi.get({ slug, scope }));
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 404) setMissing(true);
      else reportError(error);
    }
  }, [slug, scope, reportError]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loads on mount; state is set when the request resolves
    void refresh();
  }, [refresh]);

  const onSaved = useCallback(
    (path: string, saved: Detail) => {
      toast.success(t("editor.saved", { path }));
      setSkill(saved);
      // SKILL.md carries the name, description and dependencies shown in the list too.
      if (path === "SKILL.md") onChanged();
    },
    [onChanged, t],
  );
  const documents = useSkillDocuments(skillRef, onSaved);
  const { load } = documents;

  useEffect(() => {
    if (skill) void load(selected);
  }, [skill, selected, load]);

  // Leaving the page with unsaved edits asks first.
  useEffect(() => {
    if (!documents.hasUnsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [documents.hasUnsaved]);

  const applyView = (view: SkillView) => setSkill((current) => (current ? { ...current, ...view } : current));

  async function toggle(enabled: boolean) {
    setToggling(true);
    try {
      applyView(await skillsApi.update(skillRef, { enabled }));
      onChanged();
    } catch (error) {
      reportError(error);
    } finally {
      setToggling(false);
    }
  }

  async function removeSkill() {
    setDialog(null);
    try {
      await skillsApi.remove(skillRef);
      toast.success(t("deleted", { name: skill?.name ?? slug }));
      onChanged();
      router.push("/skills");
    } catch (error) {
      reportError(error);
    }
  }

  async function addFile(path: string) {
    const saved = await skillsApi.writeFile(skillRef, path, "");
    setDialog(null);
    documents.forget(path);
    setSkill(saved);
    setSelected(path);
  }

  async function deleteFile(path: string) {
    setDialog(null);
    try {
      await skillsApi.deleteFile(skillRef, path);
      documents.forget(path);
      if (selected === path) setSelected("SKILL.md");
      toast.success(t("files.deleted", { path }));
      await refresh();
    } catch (error) {
      reportError(error);
    }
  }

  if (missing) {
    return (
      <div
        className="flex flex-1 items-center justify-center px-6 text-center text-sm text-muted-foreground"
        data-testid="skill-not-found"
      >
        {t("notFound")}
      </div>
    );
  }
  if (!skill) return <LoadingBlock className="m-6 h-40" label={t("loading")} />;

  const deletingFile = dialog && typeof dialog === "object" ? dialog.deleteFile : null;
  // Built-in skills are refreshed at every start: their files are read-only (export to customise).
  const filesEditable = skill.canManage && skill.source !== "builtin";
  return (
    <div
      className="flex min-h-0 flex-1 flex-col"
      data-testid="skill-detail"
      data-slug={skill.slug}
      data-scope={skill.scope}
    >
      <SkillDetailHeader
        skill={skill}
        toggling={toggling}
        onToggle={(enabled) => void toggle(enabled)}
        onShare={() => setDialog("share")}
        onDelete={() => setDialog("delete")}
      />
      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <SkillFiles
          files={skill.files}
          selected={selected}
          dirty={documents.dirty}
          canManage={filesEditable}
          onSelect={setSelected}
          onAdd={() => setDialog("add-file")}
          onDelete={(path) => setDialog({ deleteFile: path })}
        />
        <SkillFileEditor
          key={selected}
          path={selected}
          doc={documents.docs[selected]}
          canManage={filesEditable}
          saving={documents.saving === selected}
          dirty={documents.dirty(selected)}
          saveError={documents.saveError}
          onChange={(text) => documents.edit(selected, text)}
          onSave={() => void documents.save(selected)}
        />
      </div>
      {dialog === "share" && (
        <SkillSharingDialog
          open
          skill={skill}
          actor={actor}
          onClose={() => setDialog(null)}
          onSaved={(view) => {
            applyView(view);
            setDialog(null);
            toast.success(t("sharing.saved", { name: view.name }));
          }}
        />
      )}
      {dialog === "add-file" && (
        <AddFileDialog
          open
          existing={skill.files.map((f) => f.path)}
          onClose={() => setDialog(null)}
          onCreate={addFile}
        />
      )}
      <ConfirmDialog
        open={dialog === "delete"}
        title={t("deleteTitle", { name: skill.name })}
        description={skill.scope === "shared" ? t("deleteShared") : t("deletePersonal")}
        confirmLabel={t("delete")}
        destructive
        onConfirm={() => void removeSkill()}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={deletingFile !== null}
        title={t("files.deleteTitle", { path: deletingFile ?? "" })}
        description={t("files.deleteDescription")}
        confirmLabel={t("files.deleteConfirm")}
        destructive
        onConfirm={() => deletingFile && void deleteFile(deletingFile)}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}
