"use client";

import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { Sharing } from "@/lib/sharing/types";
import { ApiClientError, apiFetch } from "@/components/api/client";
import { ConfigForm } from "@/components/forms/config-form/config-form";
import { useConfigDraft } from "@/components/forms/config-form/use-config-draft";
import { groupFields } from "@/components/forms/config-form/sections";
import { useFieldText } from "@/components/forms/config-form/use-field-text";
import { FormError } from "@/components/forms/fields";
import { FormSection } from "@/components/forms/form-section";
import { revealFocused } from "@/components/forms/reveal-focused";
import { SectionNav } from "@/components/forms/section-nav";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { SharingEditor } from "@/components/sharing/sharing-editor";
import { privateSharing } from "@/components/sharing/sharing-state";
import { Button } from "@/components/ui/button";
import { agentPayload, type AgentIdentity } from "./agent-payload";
import { IdentityFields, type IdentityErrors } from "./identity-fields";
import { isValidSlug } from "./slug";
import type { AgentsActor, ManagedAgent } from "./types";
import type { EditorData } from "./use-editor-data";

/** Create or edit one agent: identity, the config form generated from the schema, and sharing. */
export function AgentEditor({
  agent,
  data,
  actor,
  onSaved,
  onCancel,
}: {
  agent: ManagedAgent | null;
  data: EditorData;
  actor: AgentsActor;
  onSaved: (agent: ManagedAgent, created: boolean) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("agents");
  const errorMessage = useErrorMessage();
  const creating = agent === null;
  const [identity, setIdentity] = useState<AgentIdentity>({
    name: agent?.name ?? "",
    slug: agent?.slug ?? "",
    description: agent?.description ?? "",
    isSubagent: agent?.isSubagent ?? false,
  });
  const [slugTouched, setSlugTouched] = useState(!creating);
  const draft = useConfigDraft(data.schema, agent?.config);
  const fieldText = useFieldText();
  const sections = [
    { id: "agent-identity", label: t("form.identity") },
    ...groupFields(data.schema.fields).map((section) => ({
      id: `config-group-${section.group}`,
      label: fieldText.group(section.group).title,
    })),
    { id: "agent-sharing", label: t("form.sharing") },
  ];
  const [sharing, setSharing] = useState<Sharing>(agent?.sharing ?? privateSharing());
  const [identityErrors, setIdentityErrors] = useState<IdentityErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function validate(): IdentityErrors {
    const errors: IdentityErrors = {};
    if (!identity.name.trim()) errors.name = t("form.nameRequired");
    if (!identity.slug.trim()) errors.slug = t("form.slugRequired");
    else if (!isValidSlug(identity.slug.trim())) errors.slug = t("form.slugInvalid");
    return errors;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = validate();
    setIdentityErrors(errors);
    if (Object.keys(errors).length > 0 || !draft.valid) return setFormError(t("form.fixErrors"));
    setSaving(true);
    setFormError(null);
    const body = agentPayload({ identity, config: draft.payload(), sharing, initialSharing: agent?.sharing, creating });
    try {
      const saved = await apiFetch<ManagedAgent>(creating ? "/api/agents" : `/api/agents/${agent.id}`, {
        method: creating ? "POST" : "PUT",
        body: JSON.stringify(body),
      });
      onSaved(saved, creating);
    } catch (err) {
      if (err instanceof ApiClientError && err.code === "conflict:agent") {
        setIdentityErrors({ slug: t("form.slugTaken", { slug: identity.slug }) });
      }
      setFormError(
        errorMessage(err, {
          "conflict:agent": t("form.slugTaken", { slug: identity.slug }),
          "forbidden:sharing": t("form.sharingForbidden"),
        }),
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      onFocus={revealFocused}
      noValidate
      // Fields reached by Tab or an error scroll clear of the section nav above and the save bar below.
      className="space-y-4 [&_:is(input,textarea,select,button,[role=combobox])]:scroll-mt-20 [&_:is(input,textarea,select,button,[role=combobox])]:scroll-mb-24"
      data-testid="agent-editor"
    >
      <SectionNav label={t("form.sections")} sections={sections} />
      <IdentityFields
        value={identity}
        onChange={setIdentity}
        creating={creating}
        slugTouched={slugTouched}
        onSlugTouched={() => setSlugTouched(true)}
        errors={identityErrors}
      />
      <ConfigForm schema={data.schema} draft={draft} />
      <FormSection id="agent-sharing" title={t("form.sharing")} description={t("form.sharingHint")}>
        <SharingEditor value={sharing} onChange={setSharing} actor={actor} directory={data.directory} />
      </FormSection>
      <FormError message={formError} data-testid="agent-form-error" />
      <div
        className="sticky bottom-0 z-10 flex justify-end gap-2 border-t border-border bg-background/95 py-3 backdrop-blur"
        data-sticky="bottom"
        data-testid="agent-save-bar"
      >
        <Button variant="outline" size="sm" onClick={onCancel} data-testid="agent-cancel">
          {t("form.cancel")}
        </Button>
        <Button type="submit" size="sm" disabled={saving} data-testid="agent-save">
          {saving && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {creating ? t("form.create") : t("form.save")}
        </Button>
      </div>
    </form>
  );
}
