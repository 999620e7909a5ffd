"use client";

import { Eye, Info, Plus, Server } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { PageHeader } from "@/components/admin/page-header";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useConfirmedDelete } from "@/components/hooks/use-confirmed-delete";
import { providersApi, type ProviderView } from "./api";
import { ProviderCard } from "./provider-card";
import { ProviderFormDialog } from "./provider-form-dialog";
import { useProviders } from "./use-providers";

type FormState = { mode: "create" } | { mode: "edit"; provider: ProviderView } | null;

const hasEnabledChatModel = (p: ProviderView) => p.enabled && p.models.some((m) => m.type === "chat" && m.enabled);

/**
 * The model providers screen: list, create/edit, test, models per provider. Providers serve
 * the whole organisation, so only the superadmin edits; department admins see it read-only.
 */
export function ProvidersAdmin({ allowedOverrides, canManage }: { allowedOverrides: string[]; canManage: boolean }) {
  const t = useTranslations("admin.providers");
  const { providers, upsert, drop } = useProviders();
  const [form, setForm] = useState<FormState>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const { deleting, ask, cancel, confirm } = useConfirmedDelete<ProviderView>({
    remove: providersApi.remove,
    drop,
    deletedMessage: (name) => t("deleted", { name }),
  });
  const demoActive = providers !== null && !providers.some(hasEnabledChatModel);

  return (
    <div data-testid="providers-page" data-can-manage={canManage}>
      <PageHeader
        title={t("title")}
        description={canManage ? t("description") : t("descriptionReadOnly")}
        actions={
          canManage ? (
            <Button onClick={() => setForm({ mode: "create" })} data-testid="provider-create">
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

      <div className="space-y-3" data-testid="provider-list">
        {providers === null && <div className="h-24 animate-pulse rounded-2xl bg-muted" aria-label={t("loading")} />}
        {providers?.length === 0 && (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed px-6 py-12 text-center">
            <Server className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">{t("emptyTitle")}</p>
            <p className="max-w-md text-sm text-muted-foreground">{canManage ? t("emptyBody") : t("emptyBodyReadOnly")}</p>
          </div>
        )}
        {providers?.map((provider) => (
          <ProviderCard
            key={provider.id}
            provider={provider}
            canManage={canManage}
            expanded={expanded === provider.id}
            onToggleExpanded={() => setExpanded((id) => (id === provider.id ? null : provider.id))}
            onChange={upsert}
            onEdit={() => setForm({ mode: "edit", provider })}
            onDelete={() => ask(provider)}
          />
        ))}
      </div>

      {canManage && (
        <>
          <ProviderFormDialog
            key={form?.mode === "edit" ? `edit-${form.provider.id}` : (form?.mode ?? "closed")}
            open={form !== null}
            provider={form?.mode === "edit" ? form.provider : null}
            takenIds={providers?.map((p) => p.id) ?? []}
            allowedOverrides={allowedOverrides}
            onClose={() => setForm(null)}
            onSaved={(view, created) => {
              upsert(view);
              setForm(null);
              if (created) setExpanded(view.id);
              toast.success(created ? t("created", { name: view.name }) : t("saved", { name: view.name }));
            }}
          />
          <ConfirmDialog
            open={deleting !== null}
            title={t("deleteTitle", { name: deleting?.name ?? "" })}
            description={t("deleteBody")}
            confirmLabel={t("delete")}
            destructive
            onConfirm={() => void confirm()}
            onCancel={() => cancel()}
          />
        </>
      )}
    </div>
  );
}
