"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { isSkillSlug, slugify } from "@/lib/skills/slug";
import { CreateDialog } from "@/components/forms/create-dialog";
import { TextField } from "@/components/forms/fields";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { skillsApi, type SkillScope, type SkillView } from "./api";
import { skillSkeleton } from "./skill-skeleton";

/** Name and description in, a SKILL.md skeleton out: the new skill then opens in the editor. */
export function CreateSkillDialog({
  open,
  scope,
  onClose,
  onCreated,
}: {
  open: boolean;
  scope: SkillScope;
  onClose: () => void;
  onCreated: (skill: SkillView) => void;
}) {
  const t = useTranslations("skills.create");
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugTouched, setSlugTouched] = useState(false);
  const [description, setDescription] = useState("");
  const form = useDialogForm(onClose);
  const slugError = slug && !isSkillSlug(slug) ? t("slugInvalid") : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !description.trim()) return form.setError(t("required"));
    if (!slug || slugError) return form.setError(slugError ?? t("slugRequired"));
    await form.run(
      async () => onCreated(await skillsApi.create({ "SKILL.md": skillSkeleton({ name, slug, description }) }, scope)),
      {
        "conflict:skill": t("slugTaken", { slug }),
      },
    );
  }

  return (
    <CreateDialog
      open={open}
      intro={t(`description.${scope}`)}
      form={form}
      onSubmit={submit}
      t={t}
      prefix="skill-create"
      name={{
        value: name,
        onChange: (value) => {
          setName(value);
          if (!slugTouched) setSlug(slugify(value) ?? "");
        },
        maxLength: 128,
      }}
      description={{ value: description, onChange: setDescription, maxLength: 1024 }}
    >
      <TextField
        label={t("slug")}
        hint={slugError ?? t("slugHint")}
        value={slug}
        onChange={(event) => {
          setSlugTouched(true);
          setSlug(event.target.value.trim());
        }}
        maxLength={64}
        spellCheck={false}
        aria-invalid={slugError ? true : undefined}
        className={cn("font-mono", slugError && "border-danger")}
        data-testid="skill-create-slug"
      />
    </CreateDialog>
  );
}
