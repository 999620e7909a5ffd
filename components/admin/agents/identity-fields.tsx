"use client";

import { cn } from "@/components/ui/cn";
import { useTranslations } from "next-intl";
import { controlClass, TextField } from "@/components/forms/fields";
import { Segmented } from "@/components/ui/segmented";
import type { AgentIdentity } from "./agent-payload";
import { isValidSlug, slugify, SLUG_MAX } from "./slug";
import { FormSection } from "@/components/forms/form-section";

export type IdentityErrors = { name?: string; slug?: string };

/** Name, slug, description and type. While creating, the slug follows the name until edited by hand. */
export function IdentityFields({
  value,
  onChange,
  creating,
  slugTouched,
  onSlugTouched,
  errors,
}: {
  value: AgentIdentity;
  onChange: (next: AgentIdentity) => void;
  creating: boolean;
  slugTouched: boolean;
  onSlugTouched: () => void;
  errors: IdentityErrors;
}) {
  const t = useTranslations("agents.form");
  const slugError = errors.slug ?? (value.slug && !isValidSlug(value.slug) ? t("slugInvalid") : undefined);

  return (
    <FormSection id="agent-identity" title={t("identity")} bodyClassName="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("name")}
          value={value.name}
          onChange={(e) =>
            onChange({
              ...value,
              name: e.target.value,
              slug: creating && !slugTouched ? slugify(e.target.value) : value.slug,
            })
          }
          maxLength={120}
          required
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          hint={errors.name && <span className="font-medium text-danger">{errors.name}</span>}
          data-testid="agent-name"
        />
        <TextField
          label={t("slug")}
          value={value.slug}
          onChange={(e) => {
            onSlugTouched();
            onChange({ ...value, slug: e.target.value.toLowerCase() });
          }}
          maxLength={SLUG_MAX}
          required
          spellCheck={false}
          autoComplete="off"
          aria-invalid={slugError ? true : undefined}
          className={cn("font-mono", slugError && "border-danger")}
          hint={slugError ? <span className="font-medium text-danger">{slugError}</span> : t("slugHint")}
          data-testid="agent-slug"
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="agent-description" className="block text-sm font-medium">
          {t("description")}
        </label>
        <textarea
          id="agent-description"
          value={value.description}
          onChange={(e) => onChange({ ...value, description: e.target.value })}
          maxLength={2000}
          rows={2}
          placeholder={t("descriptionPlaceholder")}
          className={cn(controlClass, "h-auto resize-y py-2")}
          data-testid="agent-description"
        />
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium">{t("type")}</p>
        <Segmented<"agent" | "subagent">
          value={value.isSubagent ? "subagent" : "agent"}
          onChange={(type) => creating && onChange({ ...value, isSubagent: type === "subagent" })}
          label={t("type")}
          options={[
            { value: "agent", label: t("types.agent") },
            { value: "subagent", label: t("types.subagent") },
          ]}
          className={cn("max-w-xs", !creating && "pointer-events-none opacity-60")}
          data-testid="agent-type"
        />
        <p className="text-xs text-muted-foreground">
          {creating ? t(value.isSubagent ? "typeHints.subagent" : "typeHints.agent") : t("typeFixed")}
        </p>
      </div>
    </FormSection>
  );
}
