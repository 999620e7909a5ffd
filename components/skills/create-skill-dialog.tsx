"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { z } from "zod";
import { isSkillSlug, SKILL_SLUG_MAX, slugify } from "@/lib/skills/slug";
import { CreateDialog } from "@/components/forms/create-dialog";
import { TextField } from "@/components/forms/fields";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { skillsApi, type SkillScope, type SkillView } from "./api";
import { skillSkeleton } from "./skill-skeleton";

const SHOWN_FIELDS = ["name", "slug", "description"] as const;

/** What the dialog needs before it writes the SKILL.md skeleton (the server then checks the file). */
const newSkillFields = z.object({
  name: z.string().trim().min(1).max(128),
  slug: z.string().min(1).max(SKILL_SLUG_MAX),
  description: z.string().trim().min(1).max(1024),
});

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
  const form = useDialogForm(onClose, SHOWN_FIELDS);
  const slugError = slug && !isSkillSlug(slug) ? t("slugInvalid") : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(newSkillFields, { name, slug, description }) || slugError) return;
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
        hint={t("slugHint")}
        error={slugError ?? form.fieldErrors.slug}
        value={slug}
        onChange={(event) => {
          setSlugTouched(true);
          setSlug(event.target.value.trim());
        }}
        maxLength={SKILL_SLUG_MAX}
        spellCheck={false}
        className="font-mono"
        data-testid="skill-create-slug"
      />
    </CreateDialog>
  );
}
