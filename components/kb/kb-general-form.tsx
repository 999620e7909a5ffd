"use client";

import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { FormError, SelectField, TextAreaField, TextField } from "@/components/forms/fields";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { useModels } from "@/components/shell/models-context";
import { Button } from "@/components/ui/button";
import { kbsApi, type KbView } from "./api";

/** Name, description, the mind map, embedding and rerank models, chunk size and overlap; saved together with one PATCH. */
export function KbGeneralForm({ kb, onSaved }: { kb: KbView; onSaved: (kb: KbView) => void }) {
  const t = useTranslations("kbs.settings");
  const errorMessage = useErrorMessage();
  const [name, setName] = useState(kb.name);
  const [description, setDescription] = useState(kb.description ?? "");
  const [model, setModel] = useState(kb.model ?? "");
  const modelOptions = useModelOptions(kb.model);
  const [embeddingModel, setEmbeddingModel] = useState(kb.embeddingModel ?? "");
  const embedding = useEmbeddingOptions(kb.embeddingModel);
  const [rerankModel, setRerankModel] = useState(kb.rerankModel ?? "");
  const rerankOptions = useRerankOptions(kb.rerankModel);
  const [chunkSize, setChunkSize] = useState(String(kb.chunking.chunkSize));
  const [chunkOverlap, setChunkOverlap] = useState(String(kb.chunking.chunkOverlap));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const size = Number(chunkSize);
    const overlap = Number(chunkOverlap);
    if (!name.trim()) return setError(t("nameRequired"));
    if (!Number.isInteger(size) || size < 64 || size > 4096) return setError(t("chunkSizeInvalid"));
    if (!Number.isInteger(overlap) || overlap < 0 || overlap >= size / 2) return setError(t("chunkOverlapInvalid"));
    setSaving(true);
    setError(null);
    try {
      const saved = await kbsApi.update(kb.id, {
        name: name.trim(),
        description: description.trim(),
        model: model || null,
        ...((embeddingModel || null) !== kb.embeddingModel ? { embeddingModel: embeddingModel || null } : {}),
        rerankModel: rerankModel || null,
        chunking: { chunkSize: size, chunkOverlap: overlap },
      });
      toast.success(t("saved"));
      onSaved(saved);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={save}
      noValidate
      aria-labelledby="kb-general-title"
      className="space-y-4 rounded-2xl border border-border bg-card p-4"
    >
      <h3 id="kb-general-title" className="text-sm font-semibold">
        {t("generalTitle")}
      </h3>
      <TextField
        label={t("name")}
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={120}
        data-testid="kb-settings-name"
      />
      <TextAreaField
        label={t("description")}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        rows={3}
        maxLength={2000}
        data-testid="kb-settings-description"
      />
      <SelectField
        label={t("model")}
        hint={t("modelHint")}
        value={model}
        onChange={(event) => setModel(event.target.value)}
        options={modelOptions}
        data-testid="kb-settings-model"
      />
      <SelectField
        label={t("embeddingModel")}
        hint={embedding.available ? t("embeddingHint") : t("embeddingUnavailable")}
        value={embeddingModel}
        onChange={(event) => setEmbeddingModel(event.target.value)}
        options={embedding.options}
        disabled={!embedding.available && !kb.embeddingModel}
        data-testid="kb-settings-embedding-model"
      />
      <SelectField
        label={t("rerankModel")}
        hint={t("rerankHint")}
        value={rerankModel}
        onChange={(event) => setRerankModel(event.target.value)}
        options={rerankOptions}
        data-testid="kb-settings-rerank-model"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("chunkSize")}
          hint={t("chunkSizeHint")}
          type="number"
          inputMode="numeric"
          min={64}
          max={4096}
          value={chunkSize}
          onChange={(event) => setChunkSize(event.target.value)}
          data-testid="kb-settings-chunk-size"
        />
        <TextField
          label={t("chunkOverlap")}
          hint={t("chunkOverlapHint")}
          type="number"
          inputMode="numeric"
          min={0}
          max={1024}
          value={chunkOverlap}
          onChange={(event) => setChunkOverlap(event.target.value)}
          data-testid="kb-settings-chunk-overlap"
        />
      </div>
      <FormError message={error} data-testid="kb-settings-error" />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={saving} data-testid="kb-settings-save">
          {saving && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

/** "Default chat model" (the empty value, saved as null) and the enabled chat models the composer offers. */
function useModelOptions(current: string | null): { value: string; label: string }[] {
  const t = useTranslations("kbs.settings");
  const { models, defaultSpec, loaded } = useModels();
  const defaultLabel = models.find((m) => m.spec === defaultSpec)?.label;
  const options = [
    { value: "", label: defaultLabel ? t("defaultModelNamed", { name: defaultLabel }) : t("defaultModel") },
    ...models.map((m) => ({ value: m.spec, label: m.label })),
  ];
  // A model since disabled stays visible as the one set, until another is picked.
  if (current && !models.some((m) => m.spec === current))
    options.push({ value: current, label: loaded ? t("modelUnavailable", { spec: current }) : current });
  return options;
}

/** "None" (keyword search only) and the enabled embedding models; none at all where the database has no pgvector. */
function useEmbeddingOptions(current: string | null) {
  const t = useTranslations("kbs.settings");
  const { embeddingModels = [], vectorSearch = false, loaded } = useModels();
  const options = [
    { value: "", label: t("embeddingNone") },
    ...(vectorSearch ? embeddingModels.map((spec) => ({ value: spec, label: spec })) : []),
  ];
  if (current && !options.some((o) => o.value === current))
    options.push({ value: current, label: loaded ? t("modelUnavailable", { spec: current }) : current });
  return { options, available: !loaded || vectorSearch };
}

/** "None" and the enabled rerank models (a model since disabled stays visible as the one set). */
function useRerankOptions(current: string | null) {
  const t = useTranslations("kbs.settings");
  const { rerankModels = [], loaded } = useModels();
  const options = [
    { value: "", label: t("rerankNone") },
    ...rerankModels.map((spec) => ({ value: spec, label: spec })),
  ];
  if (current && !rerankModels.includes(current))
    options.push({ value: current, label: loaded ? t("modelUnavailable", { spec: current }) : current });
  return options;
}
