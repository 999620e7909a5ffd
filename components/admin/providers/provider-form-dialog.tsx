"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { ResourceFormDialog } from "@/components/admin/resource/resource-form-dialog";
import { TextField } from "@/components/forms/fields";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { sameOrigin } from "@/lib/config/credential-origin";
import { createProviderSchema, PROVIDER_ID_PATTERN, updateProviderSchema } from "@/lib/models/provider-schemas";
import { providersApi, type ProviderView } from "./api";
import { KeyField } from "./key-field";
import { OverridesEditor, overridesToRows, rowsToOverrides, type OverrideRow } from "./overrides-editor";
import { PROVIDER_PRESETS, slugifyProviderId, type ProviderPreset } from "./presets";

/** The body fields this form shows, so a problem with one of them is marked on it. */
const SHOWN_FIELDS = ["id", "name", "baseUrl", "apiKey"] as const;

/** Create a provider, or edit one (the id is fixed once created; a stored key is never shown). */
export function ProviderFormDialog({
  open,
  provider,
  takenIds,
  allowedOverrides,
  onClose,
  onSaved,
}: {
  open: boolean;
  provider: ProviderView | null;
  takenIds: string[];
  allowedOverrides: string[];
  onClose: () => void;
  onSaved: (view: ProviderView, created: boolean) => void;
}) {
  const t = useTranslations("admin.providers.form");
  const form = useDialogForm(onClose, SHOWN_FIELDS);
  const creating = provider === null;
  const [name, setName] = useState(provider?.name ?? "");
  const [id, setId] = useState(provider?.id ?? "");
  const [idTouched, setIdTouched] = useState(!creating);
  const [baseUrl, setBaseUrl] = useState(provider?.baseUrl ?? "");
  const [apiKey, setApiKey] = useState("");
  const [clearKey, setClearKey] = useState(false);
  const [overrides, setOverrides] = useState<OverrideRow[]>(overridesToRows(provider?.requestOverrides ?? {}));
  const envManaged = provider?.envManaged ?? false;
  const movesOrigin =
    provider !== null && URL.canParse(baseUrl.trim()) && !sameOrigin(baseUrl.trim(), provider.baseUrl);

  const idError =
    creating && idTouched && id && !PROVIDER_ID_PATTERN.test(id)
      ? t("idInvalid")
      : creating && takenIds.includes(id)
        ? t("idTaken")
        : null;

  function applyPreset(preset: ProviderPreset) {
    setName(preset.name);
    setBaseUrl(preset.baseUrl);
    if (!idTouched || !id) setId(takenIds.includes(preset.id) ? `${preset.id}-2` : preset.id);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const requestOverrides = rowsToOverrides(overrides);
    if (!requestOverrides) return form.setError(t("overrideEmpty"));
    const key = clearKey ? null : apiKey.trim() || undefined;
    const created = { id, name: name.trim(), baseUrl: baseUrl.trim(), apiKey: key ?? undefined, requestOverrides };
    const changed = {
      name: name.trim(),
      ...(envManaged ? {} : { baseUrl: baseUrl.trim(), apiKey: key }),
      requestOverrides,
    };
    // The route's own schema, so nothing it would refuse is sent.
    if (!form.check(creating ? createProviderSchema : updateProviderSchema, creating ? created : changed)) return;
    await form.run(async () => {
      const view = creating ? await providersApi.create(created) : await providersApi.update(provider.id, changed);
      onSaved(view, creating);
    });
  }

  return (
    <ResourceFormDialog
      open={open}
      editing={provider?.name ?? null}
      form={form}
      onSubmit={submit}
      invalid={!!idError}
      t={t}
      prefix="provider"
    >
      {creating && (
        <div>
          <p className="text-xs font-medium text-muted-foreground">{t("presets")}</p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {PROVIDER_PRESETS.map((preset) => (
              <button
                key={preset.key}
                type="button"
                onClick={() => applyPreset(preset)}
                className="rounded-full border px-2.5 py-1 text-xs transition-colors hover:bg-accent aria-pressed:border-brand aria-pressed:bg-brand-soft aria-pressed:text-brand"
                aria-pressed={baseUrl === preset.baseUrl}
                data-testid={`provider-preset-${preset.key}`}
              >
                {preset.name}
              </button>
            ))}
          </div>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("name")}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (!idTouched) setId(slugifyProviderId(event.target.value));
          }}
          required
          maxLength={100}
          error={form.fieldErrors.name}
          data-testid="provider-name-input"
        />
        <TextField
          label={t("id")}
          hint={creating ? t("idHint") : t("idFixed")}
          error={idError ?? form.fieldErrors.id}
          value={id}
          onChange={(event) => {
            setIdTouched(true);
            setId(event.target.value.toLowerCase());
          }}
          readOnly={!creating}
          required
          spellCheck={false}
          className="font-mono read-only:bg-muted read-only:text-muted-foreground"
          data-testid="provider-id"
        />
      </div>
      <TextField
        label={t("baseUrl")}
        hint={envManaged ? t("envManaged") : t("baseUrlHint")}
        type="url"
        value={baseUrl}
        onChange={(event) => setBaseUrl(event.target.value)}
        placeholder="https://api.example.com/v1"
        required
        spellCheck={false}
        disabled={envManaged}
        className="font-mono"
        error={form.fieldErrors.baseUrl}
        data-testid="provider-base-url"
      />
      <KeyField
        provider={provider}
        value={apiKey}
        onChange={setApiKey}
        clear={clearKey}
        onClearChange={setClearKey}
        disabled={envManaged}
        movesOrigin={movesOrigin}
        error={form.fieldErrors.apiKey}
      />
      <details className="group rounded-xl border px-3 py-2" open={overrides.length > 0}>
        <summary className="text-sm font-medium select-none">{t("advanced")}</summary>
        <div className="pt-2 pb-1">
          <OverridesEditor rows={overrides} allowed={allowedOverrides} onChange={setOverrides} />
        </div>
      </details>
    </ResourceFormDialog>
  );
}
