"use client";

import { Plug, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { PageHeader } from "@/components/admin/page-header";
import { ResourceDeleteDialog } from "@/components/admin/resource/resource-delete-dialog";
import { ResourceEmpty, ResourceList } from "@/components/admin/resource/resource-list";
import { useResourceScreen } from "@/components/admin/resource/use-resource-screen";
import { Button } from "@/components/ui/button";
import { mcpApi, type McpServer } from "./api";
import { McpServerCard } from "./mcp-server-card";
import { McpServerFormDialog } from "./mcp-server-form-dialog";
import type { SharingActor } from "./sharing-choice";

/** The MCP servers screen: list, register/edit, test, refresh and per-tool switches. */
export function McpAdmin({ actor }: { actor: SharingActor }) {
  const t = useTranslations("admin.mcp");
  const screen = useResourceScreen<McpServer>({ url: mcpApi.url, remove: mcpApi.remove, t });

  return (
    <div data-testid="mcp-page">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Button onClick={screen.form.create} data-testid="mcp-create">
            <Plus className="size-4" aria-hidden />
            {t("add")}
          </Button>
        }
      />
      <ResourceList
        items={screen.items}
        loadingLabel={t("loading")}
        empty={<ResourceEmpty icon={Plug} title={t("emptyTitle")} body={t("emptyBody")} data-testid="mcp-empty" />}
        data-testid="mcp-server-list"
      >
        {(server) => (
          <McpServerCard
            key={server.id}
            server={server}
            expanded={screen.expanded.is(server.id)}
            onToggleExpanded={() => screen.expanded.toggle(server.id)}
            onChange={screen.upsert}
            onEdit={() => screen.form.edit(server)}
            onDelete={() => screen.deletion.ask(server)}
          />
        )}
      </ResourceList>
      <McpServerFormDialog
        key={screen.form.key}
        open={screen.form.open}
        server={screen.form.editing}
        actor={actor}
        onClose={screen.form.close}
        onSaved={screen.form.saved}
      />
      <ResourceDeleteDialog deletion={screen.deletion} t={t} />
    </div>
  );
}
