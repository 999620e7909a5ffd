"use client";

import { CloudDownload, LoaderCircle, Plus, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useReportError } from "@/components/hooks/use-report-error";
import { providersApi, type ProviderModel, type ProviderView } from "./api";
import { contextWindowValid, ModelRow } from "./model-row";
import { ModelsCount, ModelsTable } from "./models-table";

const DEFAULT_CONTEXT_WINDOW = 128_000;
const same = (a: ProviderModel[], b: ProviderModel[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A provider's models as a draft: toggles and edits stay local until saved. When the server
 * copy changes (saved, fetched), a clean draft follows it; a dirty one keeps its edits and
 * gains the new entries.
 */
export function ModelsEditor({ provider, onSaved }: { provider: ProviderView; onSaved: (view: ProviderView) => void }) {
  const t = useTranslations("admin.providers.models");
  const reportError = useReportError();
  const [synced, setSynced] = useState(provider.models);
  const [draft, setDraft] = useState(provider.models);
  const [filter, setFilter] = useState("");
  const [newId, setNewId] = useState("");
  const [busy, setBusy] = useState<"save" | "fetch" | null>(null);

  if (provider.models !== synced) {
    setSynced(provider.models);
    setDraft((current) =>
      same(current, synced)
        ? provider.models
        : [...current, ...provider.models.filter((m) => !current.some((c) => c.id === m.id))],
    );
  }

  const dirty = !same(draft, synced);
  const valid = draft.every((m) => contextWindowValid(m.contextWindow));
  const needle = filter.trim().toLowerCase();
  const shown = needle ? draft.filter((m) => m.id.toLowerCase().includes(needle)) : draft;
  const update = (id: string, next: ProviderModel | null) =>
    setDraft((current) => (next ? current.map((m) => (m.id === id ? next : m)) : current.filter((m) => m.id !== id)));

  async function run(kind: "save" | "fetch") {
    setBusy(kind);
    try {
      if (kind === "save") {
        onSaved(await providersApi.update(provider.id, { models: draft }));
        toast.success(t("saved"));
      } else {
        const { provider: view, added } = await providersApi.refreshModels(provider.id);
        onSaved(view);
        toast.success(added.length ? t("fetched", { count: added.length }) : t("fetchedNone"));
      }
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  }

  function addModel(event: FormEvent) {
    event.preventDefault();
    const id = newId.trim();
    if (!id || /\s/.test(id)) return;
    if (draft.some((m) => m.id === id)) return void toast.warning(t("duplicate", { id }));
    setDraft((current) => [...current, { id, type: "chat", contextWindow: DEFAULT_CONTEXT_WINDOW, enabled: true }]);
    setNewId("");
  }

  return (
    <div data-testid="models-editor">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto text-sm font-medium">
          <ModelsCount models={draft} />
        </h3>
        {draft.length > 8 && (
          <label className="relative">
            <span className="sr-only">{t("filter")}</span>
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <input
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder={t("filter")}
              className="h-8 w-48 rounded-lg border border-input bg-background pr-2 pl-8 text-sm outline-none focus-visible:border-ring focus-visible:outline-none"
              data-testid="model-filter"
            />
          </label>
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={() => void run("fetch")}
          disabled={busy !== null}
          data-testid="provider-fetch-models"
        >
          {busy === "fetch" ? (
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
          ) : (
            <CloudDownload className="size-4" aria-hidden />
          )}
          {t("fetch")}
        </Button>
      </div>

      <ModelsTable
        empty={draft.length === 0 ? t("empty") : null}
        className="min-w-[34rem]"
        columns={[
          { label: t("on") },
          { label: t("id") },
          { label: t("type") },
          { label: t("context") },
          { label: <span className="sr-only">{t("actions")}</span>, className: "" },
        ]}
        footer={
          shown.length === 0 && <p className="px-4 py-4 text-center text-sm text-muted-foreground">{t("noMatch")}</p>
        }
      >
        {shown.map((model) => (
          <ModelRow
            key={model.id}
            model={model}
            onChange={(next) => update(model.id, next)}
            onRemove={() => update(model.id, null)}
          />
        ))}
      </ModelsTable>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <form onSubmit={addModel} className="flex min-w-0 flex-1 items-center gap-2">
          <input
            value={newId}
            onChange={(event) => setNewId(event.target.value)}
            placeholder={t("addPlaceholder")}
            aria-label={t("addPlaceholder")}
            className="h-8 min-w-0 flex-1 rounded-lg border border-input bg-background px-2.5 font-mono text-[13px] outline-none focus-visible:border-ring focus-visible:outline-none sm:max-w-xs"
            data-testid="model-add-id"
          />
          <Button type="submit" variant="ghost" size="sm" disabled={!newId.trim()} data-testid="model-add">
            <Plus className="size-4" aria-hidden />
            {t("add")}
          </Button>
        </form>
        {dirty && (
          <div className="ml-auto flex items-center gap-2" data-testid="models-unsaved">
            <span className="text-xs text-muted-foreground">{valid ? t("unsaved") : t("contextRange")}</span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setDraft(synced)}
              disabled={busy !== null}
              data-testid="models-discard"
            >
              {t("discard")}
            </Button>
            <Button
              size="sm"
              onClick={() => void run("save")}
              disabled={busy !== null || !valid}
              data-testid="models-save"
            >
              {busy === "save" && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
              {t("save")}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
