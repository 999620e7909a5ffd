"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { isSkillSlug, slugify } from "@/lib/skills/slug";
import { DialogFooter } from "@/components/forms/dialog-footer";
import { controlClass, TextField } from "@/components/forms/fields";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { Dialog } from "@/components/ui/dialog";
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
  const descriptionId = useId();
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
    <Dialog
      open={open}
      onClose={onClose}
      title={t("title")}
      description={t(`description.${scope}`)}
      className="sm:max-w-lg"
      data-testid="skill-create-dialog"
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField
          label={t("name")}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (!slugTouched) setSlug(slugify(event.target.value) ?? "");
          }}
          maxLength={128}
          placeholder={t("namePlaceholder")}
          autoFocus
          data-testid="skill-create-name"
        />
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
        <div className="space-y-1.5">
          <label htmlFor={descriptionId} className="block text-sm font-medium">
            {t("descriptionLabel")}
          </label>
          <textarea
            id={descriptionId}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            rows={3}
            maxLength={1024}
            placeholder={t("descriptionPlaceholder")}
            className={cn(controlClass, "h-auto resize-y py-2 leading-relaxed")}
            data-testid="skill-create-description"
          />
          <p className="text-xs text-muted-foreground">{t("descriptionHint")}</p>
        </div>
        <DialogFooter
          form={form}
          cancelLabel={t("cancel")}
          submitLabel={t("submit")}
          spinner
          testIds={{ error: "skill-create-error", submit: "skill-create-submit" }}
        />
      </form>
    </Dialog>
  );
}
