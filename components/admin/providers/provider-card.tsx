"use client";

import { cn } from "@/components/ui/cn";
import { ChevronRight, KeyRound, LoaderCircle, Pencil, PlugZap, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { Switch } from "@/components/ui/switch";
import { useReportError } from "@/components/hooks/use-report-error";
import { providersApi, type ProbeResult, type ProviderView } from "./api";
import { ModelsEditor } from "./models-editor";
import { ModelsList } from "./models-list";
import { ProviderStatus } from "./provider-status";
import { TestResult } from "./test-result";

/** One provider: summary, on/off, test connection, and (expanded) its models; without `canManage`, read-only. */
export function ProviderCard({
  provider,
  canManage,
  expanded,
  onToggleExpanded,
  onChange,
  onEdit,
  onDelete,
}: {
  provider: ProviderView;
  canManage: boolean;
  expanded: boolean;
  onToggleExpanded: () => void;
  onChange: (view: ProviderView) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("admin.providers");
  const reportError = useReportError();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<ProbeResult | null>(null);
  const [switching, setSwitching] = useState(false);
  const enabledModels = provider.models.filter((m) => m.enabled).length;
  const bodyId = `provider-body-${provider.id}`;

  async function runTest() {
    setTesting(true);
    setResult(null);
    try {
      setResult(await providersApi.test(provider.id));
    } catch (error) {
      reportError(error);
    } finally {
      setTesting(false);
    }
  }

  async function setEnabled(enabled: boolean) {
    setSwitching(true);
    try {
      onChange(await providersApi.update(provider.id, { enabled }));
    } catch (error) {
      reportError(error);
    } finally {
      setSwitching(false);
    }
  }

  return (
    <section
      className={cn("rounded-2xl border bg-card transition-colors", !provider.enabled && "bg-muted/40")}
      data-testid="provider-card"
      data-provider-id={provider.id}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
        <button
          type="button"
          onClick={onToggleExpanded}
          aria-expanded={expanded}
          aria-controls={bodyId}
          className="group flex min-w-0 flex-[1_1_18rem] items-start gap-2 text-left"
          data-testid="provider-expand"
        >
          <ChevronRight
            className={cn("mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform", expanded && "rotate-90")}
            aria-hidden
          />
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="truncate font-medium group-hover:underline" data-testid="provider-name">{provider.name}</span>
              <code className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">{provider.id}</code>
              {provider.envManaged && (
                <span className="rounded-full border px-2 py-0.5 text-[11px] text-muted-foreground">{t("envBadge")}</span>
              )}
              <ProviderStatus provider={provider} />
            </span>
            <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <span className="max-w-full truncate font-mono">{provider.baseUrl}</span>
              <span className="inline-flex items-center gap-1" data-testid="provider-key-hint">
                <KeyRound className="size-3" aria-hidden />
                {provider.keyUnreadable ? t("keyUnreadable") : provider.hasKey ? (provider.keyHint ?? t("keyStored")) : t("noKey")}
              </span>
              <span>{t("modelCount", { enabled: enabledModels, total: provider.models.length })}</span>
            </span>
          </span>
        </button>
        <div className="ml-auto flex items-center gap-1.5">
          <Button variant="outline" size="sm" onClick={() => void runTest()} disabled={testing} data-testid="provider-test">
            {testing ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <PlugZap className="size-4" aria-hidden />}
            {testing ? t("testing") : t("test")}
          </Button>
          {canManage && (
            <>
              <IconButton label={t("edit")} icon={<Pencil />} size="sm" onClick={onEdit} data-testid="provider-edit" />
              <IconButton
                label={provider.envManaged ? t("deleteEnvManaged") : t("delete")}
                icon={<Trash2 />}
                size="sm"
                onClick={onDelete}
                disabled={provider.envManaged}
                className="hover:text-danger"
                data-testid="provider-delete"
              />
              <Switch
                checked={provider.enabled}
                onCheckedChange={(on) => void setEnabled(on)}
                disabled={switching}
                label={t("enabledLabel", { name: provider.name })}
                className="ml-1.5"
                data-testid="provider-enabled"
              />
            </>
          )}
        </div>
      </div>
      {result && <TestResult result={result} onDismiss={() => setResult(null)} />}
      {expanded && (
        <div id={bodyId} className="border-t px-4 pt-3 pb-4">
          {canManage ? <ModelsEditor provider={provider} onSaved={onChange} /> : <ModelsList models={provider.models} />}
        </div>
      )}
    </section>
  );
}
