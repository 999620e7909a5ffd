"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { ApiClientError } from "@/components/api/client";
import { skillsApi, type SkillDetail, type SkillRef } from "./api";
import { errorLineOf } from "./error-line";
import { useLatest } from "@/components/hooks/use-latest";

export type SkillDocument =
  { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; saved: string; draft: string };

export type SaveError = { path: string; message: string; line: number | null };

/**
 * The open files of one skill: each file's saved text and its draft, kept while the user moves
 * between files, so unsaved edits survive a switch. A refused save keeps the draft and says why.
 */
export function useSkillDocuments(ref: SkillRef, onSaved: (path: string, skill: SkillDetail) => void) {
  const t = useTranslations("skills.editor");
  const [docs, setDocs] = useState<Record<string, SkillDocument>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const docsRef = useLatest(docs);
  const { slug, scope } = ref;

  const set = (path: string, doc: SkillDocument) => setDocs((current) => ({ ...current, [path]: doc }));

  const load = useCallback(
    async (path: string) => {
      if (docsRef.current[path]) return;
      set(path, { status: "loading" });
      try {
        const text = await skillsApi.readFile({ slug, scope }, path);
        set(path, { status: "ready", saved: text, draft: text });
      } catch (error) {
        set(path, {
          status: "failed",
          message: error instanceof ApiClientError && error.message ? error.message : t("loadFailed"),
        });
      }
    },
    [slug, scope, t, docsRef],
  );

  const edit = useCallback((path: string, draft: string) => {
    setDocs((current) => {
      const doc = current[path];
      return doc?.status === "ready" ? { ...current, [path]: { ...doc, draft } } : current;
    });
    // The refusal was about the text before this edit.
    setSaveError((e) => (e?.path === path ? null : e));
  }, []);

  const save = useCallback(
    async (path: string) => {
      const doc = docsRef.current[path];
      if (doc?.status !== "ready" || saving) return;
      const text = doc.draft;
      setSaving(path);
      try {
        const skill = await skillsApi.writeFile({ slug, scope }, path, text);
        setDocs((current) => {
          const now = current[path];
          return now?.status === "ready" ? { ...current, [path]: { ...now, saved: text } } : current;
        });
        setSaveError((e) => (e?.path === path ? null : e));
        onSaved(path, skill);
      } catch (error) {
        const message = error instanceof ApiClientError && error.message ? error.message : t("saveFailed");
        setSaveError({ path, message, line: path === "SKILL.md" ? errorLineOf(message) : null });
      } finally {
        setSaving(null);
      }
    },
    [slug, scope, saving, onSaved, t, docsRef],
  );

  const forget = useCallback((path: string) => {
    setDocs(({ [path]: _gone, ...rest }) => rest);
    setSaveError((e) => (e?.path === path ? null : e));
  }, []);

  const dirty = (path: string) => {
    const doc = docs[path];
    return doc?.status === "ready" && doc.draft !== doc.saved;
  };

  return { docs, load, edit, save, saving, saveError, forget, dirty, hasUnsaved: Object.keys(docs).some(dirty) };
}
