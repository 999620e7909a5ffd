"use client";

import { Eye, Info, Plus, Server } from "lucide-react";
import { useTranslations } from "next-intl";
import { PageHeader } from "@/components/admin/page-header";
import { ResourceDeleteDialog } from "@/components/admin/resource/resource-delete-dialog";
import { ResourceEmpty, ResourceList } from "@/components/admin/resource/resource-list";
import { useResourceScreen } from "@/components/admin/resource/use-resource-screen";
import { Button } from "@/components/ui/button";
import { providersApi, type ProviderView } from "./api";
import { ProviderCard } from "./provider-card";
import { ProviderFormDialog } from "./provider-form-dialog";

const hasEnabledChatModel = (p: ProviderView) => p.enabled && p.models.some((m) => m.type === "chat" && m.enabled);

/**
 * The model providers screen: list, create/edit, test, models per provider. Providers serve
 * the whole organisation, so only the superadmin edits; department admins see it read-only.
 */
export function ProvidersAdmin({ allowedOverrides, canManage }: { allowedOverrides: string[]; canManage: boolean }) {
  const t = useTranslations("admin.providers");
  const screen = useResourceScreen<ProviderView>({
    url: providersApi.url,
    remove: providersApi.remove,
    t,
  });
  const providers = screen.items;
  const demoActive = providers !== null && !providers.some(hasEnabledChatModel);

  return (
    <div data-testid="providers-page" data-can-manage={canManage}>
      <PageHeader
        title={t("title")}
        description={canManage ? t("description") : t("descriptionReadOnly")}
        actions={
          canManage ? (
            <Button onClick={screen.form.create} data-testid="provider-create">
              <Plus className="size-4" aria-hidden />
              {t("add")}
            </Button>
          ) : (
            <span
              className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs text-muted-foreground"
              data-testid="providers-read-only"
            >
              <Eye className="size-3.5" aria-hidden />
              {t("readOnly")}
            </span>
          )
        }
      />

      {demoActive && (
        <p
          className="mb-4 flex items-start gap-2 rounded-xl border border-warning/30 bg-warning/10 px-4 py-3 text-sm"
          role="status"
          data-testid="providers-demo-note"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          {canManage ? t("demoNote") : t("demoNoteReadOnly")}
        </p>
      )}

      <ResourceList
        items={providers}
        loadingLabel={t("loading")}
        empty={
          <ResourceEmpty
            icon={Server}
            title={t("emptyTitle")}
            body={canManage ? t("emptyBody") : t("emptyBodyReadOnly")}
          />
        }
        data-testid="provider-list"
      >
        {(provider) => (
          <ProviderCard
            key={provider.id}
            provider={provider}
            canManage={canManage}
            expanded={screen.expanded.is(provider.id)}
            onToggleExpanded={() => screen.expanded.toggle(provider.id)}
            onChange={screen.upsert}
            onEdit={() => screen.form.edit(provider)}
            onDelete={() => screen.deletion.ask(provider)}
          />
        )}
      </ResourceList>

      {canManage && (
        <>
          <ProviderFormDialog
            key={screen.form.key}
            open={screen.form.open}
            provider={screen.form.editing}
            takenIds={providers?.map((p) => p.id) ?? []}
            allowedOverrides={allowedOverrides}
            onClose={screen.form.close}
            onSaved={screen.form.saved}
          />
          <ResourceDeleteDialog deletion={screen.deletion} t={t} />
        </>
      )}
    </div>
  );
}
