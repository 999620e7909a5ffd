"use client";

import { Plug, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { PageHeader } from "@/components/admin/page-header";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useConfirmedDelete } from "@/components/hooks/use-confirmed-delete";
import { mcpApi, type McpServer } from "./api";
import { McpServerCard } from "./mcp-server-card";
import { McpServerFormDialog } from "./mcp-server-form-dialog";
import type { SharingActor } from "./sharing-choice";
import { useMcpServers } from "./use-mcp-servers";

type FormState = { mode: "create" } | { mode: "edit"; server: McpServer } | null;

/** The MCP servers screen: list, register/edit, test, refresh and per-tool switches. */
export function McpAdmin({ actor }: { actor: SharingActor }) {
  const t = useTranslations("admin.mcp");
  const { servers, upsert, drop } = useMcpServers();
  const [form, setForm] = useState<FormState>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const { deleting, ask, cancel, confirm } = useConfirmedDelete<McpServer>({
    remove: mcpApi.remove,
    drop,
    deletedMessage: (name) => t("deleted", { name }),
  });


  return (
    <div data-testid="mcp-page">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button onClick={() => setForm({ mode: "create" })} data-testid="mcp-create">
            <Plus className="size-4" aria-hidden />
            {t("add")}
          </Button>
        }
      />
      <div className="space-y-3" data-testid="mcp-server-list">
        {servers === null && <div className="h-24 animate-pulse rounded-2xl bg-muted" aria-label={t("loading")} />}
        {servers?.length === 0 && (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed px-6 py-12 text-center" data-testid="mcp-empty">
            <Plug className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">{t("emptyTitle")}</p>
            <p className="max-w-md text-sm text-muted-foreground">{t("emptyBody")}</p>
          </div>
        )}
        {servers?.map((server) => (
          <McpServerCard
            key={server.id}
            server={server}
            expanded={expanded === server.id}
            onToggleExpanded={() => setExpanded((id) => (id === server.id ? null : server.id))}
            onChange={upsert}
            onEdit={() => setForm({ mode: "edit", server })}
            onDelete={() => ask(server)}
          />
        ))}
      </div>
      <McpServerFormDialog
        key={form?.mode === "edit" ? `edit-${form.server.id}` : (form?.mode ?? "closed")}
        open={form !== null}
        server={form?.mode === "edit" ? form.server : null}
        actor={actor}
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
    </div>
  );
}
