"use client";

import { useTranslations } from "next-intl";
import { ManageActions, TestButton, useCardActions } from "@/components/admin/resource/card-actions";
import { CardBadge, CardCredential, ResourceCard } from "@/components/admin/resource/resource-card";
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
  const { running, act, result, test, dismiss } = useCardActions<"switch", ProbeResult>(() =>
    providersApi.test(provider.id),
  );
  const enabledModels = provider.models.filter((m) => m.enabled).length;
  const labels = {
    test: t("test"),
    testing: t("testing"),
    edit: t("edit"),
    delete: provider.envManaged ? t("deleteEnvManaged") : t("delete"),
    enabled: t("enabledLabel", { name: provider.name }),
  };

  return (
    <ResourceCard
      resource={provider}
      expanded={expanded}
      onToggleExpanded={onToggleExpanded}
      testIds={{ card: "provider-card", expand: "provider-expand", name: "provider-name" }}
      data={{ "data-provider-id": provider.id }}
      badges={
        <>
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">{provider.id}</code>
          {provider.envManaged && <CardBadge>{t("envBadge")}</CardBadge>}
          <ProviderStatus provider={provider} />
        </>
      }
      facts={
        <>
          <span className="max-w-full truncate font-mono">{provider.baseUrl}</span>
          <CardCredential data-testid="provider-key-hint">
            {provider.keyUnreadable
              ? t("keyUnreadable")
              : provider.hasKey
                ? (provider.keyHint ?? t("keyStored"))
                : t("noKey")}
          </CardCredential>
          <span>{t("modelCount", { enabled: enabledModels, total: provider.models.length })}</span>
        </>
      }
      actions={
        <>
          <TestButton
            testing={running("test")}
            disabled={running("test")}
            onClick={() => void test()}
            labels={labels}
            testId="provider-test"
          />
          {canManage && (
            <ManageActions
              labels={labels}
              enabled={provider.enabled}
              switching={running("switch")}
              onEdit={onEdit}
              onDelete={onDelete}
              onEnabledChange={(enabled) =>
                void act("switch", async () => onChange(await providersApi.update(provider.id, { enabled })))
              }
              deleteDisabled={provider.envManaged}
              prefix="provider"
            />
          )}
        </>
      }
      result={result && <TestResult result={result} onDismiss={dismiss} />}
    >
      {canManage ? <ModelsEditor provider={provider} onSaved={onChange} /> : <ModelsList models={provider.models} />}
    </ResourceCard>
  );
}
