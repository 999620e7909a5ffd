"use client";

import { cn } from "@/components/ui/cn";
import { AlertCircle, AlertTriangle, FileWarning, LoaderCircle, Lock, Save } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useDeferredValue, useEffect, useMemo, type ReactNode } from "react";
import { describeRefusal, parseSkillMarkdown } from "@/lib/skills/front-matter";
import { FileIcon } from "@/components/files/file-icon";
import { Button } from "@/components/ui/button";
import { editorLanguageOf, isEditableText } from "./editor-language";
import type { SaveError, SkillDocument } from "./use-skill-documents";
import { useLatest } from "@/components/hooks/use-latest";

const CodeEditor = dynamic(() => import("./code-editor"), {
  ssr: false,
  loading: () => <div className="h-full animate-pulse bg-muted/40" />,
});

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** One file of the skill in CodeMirror: Save (button or Ctrl/Cmd+S), and why a save was refused, with its line. */
export function SkillFileEditor({
  path,
  doc,
  canManage,
  saving,
  dirty,
  saveError,
  onChange,
  onSave,
}: {
  path: string;
  doc: SkillDocument | undefined;
  canManage: boolean;
  saving: boolean;
  dirty: boolean;
  saveError: SaveError | null;
  onChange: (text: string) => void;
  onSave: () => void;
}) {
  const t = useTranslations("skills.editor");
  const save = useLatest(onSave);
  const editable = isEditableText(path);
  const error = saveError?.path === path ? saveError : null;
  // SKILL.md is checked as it is typed, with the server's own parser; the server still has the last word.
  const draft = useDeferredValue(doc?.status === "ready" ? doc.draft : null);
  const check = useMemo(
    () => (path === "SKILL.md" && draft !== null ? parseSkillMarkdown(draft) : null),
    [path, draft],
  );
  const problem: Problem | null = error
    ? { kind: "save", message: error.message, line: error.line }
    : check && !check.ok
      ? { kind: "check", message: describeRefusal(check), line: check.line }
      : null;

  useEffect(() => {
    if (!canManage) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        save.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [canManage, save]);

  return (
    <section className="flex min-h-0 min-w-0 flex-1 flex-col" aria-label={path}>
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-border px-3 sm:px-4">
        <FileIcon name={path} className="size-4" />
        <span className="min-w-0 flex-1 truncate font-mono text-[13px]" data-testid="skill-editor-path">
          {path}
        </span>
        {dirty && (
          <span className="shrink-0 text-xs text-muted-foreground" data-testid="skill-unsaved">
            {t("unsaved")}
          </span>
        )}
        {canManage ? (
          editable && (
            <Button
              size="sm"
              onClick={onSave}
              disabled={!dirty || saving || doc?.status !== "ready"}
              title={t("saveShortcut", { keys: isMac() ? "⌘S" : "Ctrl+S" })}
              data-testid="skill-save"
            >
              {saving ? (
                <LoaderCircle className="size-4 animate-spin" aria-hidden />
              ) : (
                <Save className="size-4" aria-hidden />
              )}
              {t("save")}
            </Button>
          )
        ) : (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-border px-2 py-0.5 text-[11px] text-muted-foreground">
            <Lock className="size-3" aria-hidden />
            {t("readOnly")}
          </span>
        )}
      </div>
      {problem && <ProblemBar problem={problem} />}
      <div
        className="relative min-h-0 flex-1 overflow-hidden"
        data-testid="skill-editor"
        data-path={path}
        data-status={doc?.status ?? "loading"}
      >
        {!editable ? (
          <Notice icon={<FileWarning className="size-5" aria-hidden />} text={t("binary")} />
        ) : doc?.status === "failed" ? (
          <Notice icon={<AlertCircle className="size-5 text-danger" aria-hidden />} text={doc.message} />
        ) : doc?.status === "ready" ? (
          <CodeEditor
            value={doc.draft}
            onChange={onChange}
            language={editorLanguageOf(path)}
            readOnly={!canManage}
            errorLine={problem?.line ?? null}
            label={t("editorLabel", { path })}
          />
        ) : (
          <div className="h-full animate-pulse bg-muted/40" />
        )}
      </div>
    </section>
  );
}

function Notice({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center text-sm text-muted-foreground">
      {icon}
      <p className="max-w-sm">{text}</p>
    </div>
  );
}

type Problem = { kind: "save" | "check"; message: string; line: number | null };

/** A refused save (danger) or what the live check of SKILL.md found (warning), with the line it is about. */
function ProblemBar({ problem }: { problem: Problem }) {
  const t = useTranslations("skills.editor");
  const save = problem.kind === "save";
  const Icon = save ? AlertCircle : AlertTriangle;
  return (
    <div
      role={save ? "alert" : "status"}
      className={cn(
        "flex items-start gap-2 border-b px-4 py-2.5 text-sm",
        save ? "border-danger/25 bg-danger-soft" : "border-warning/25 bg-warning/10",
      )}
      data-testid="skill-error"
      data-kind={problem.kind}
    >
      <Icon className={cn("mt-0.5 size-4 shrink-0", save ? "text-danger" : "text-warning")} aria-hidden />
      <p className="min-w-0 flex-1 break-words">
        {save && <span className="mr-1 font-medium text-danger">{t("notSaved")}</span>}
        <span data-testid="skill-error-message">{problem.message}</span>
      </p>
      {problem.line && (
        <span
          className={cn(
            "shrink-0 rounded-md px-1.5 py-0.5 font-mono text-xs font-medium",
            save ? "bg-danger/15 text-danger" : "bg-warning/15 text-warning",
          )}
          data-testid="skill-error-line"
        >
          {t("line", { line: problem.line })}
        </span>
      )}
    </div>
  );
}
