"use client";

import { ArrowLeft, Plus } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { apiFetch } from "@/components/api/client";
import { forgetAgents } from "@/components/chat/use-agents";
import { useApiList } from "@/components/hooks/use-api-list";
import { useReportError } from "@/components/hooks/use-report-error";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader, Panel, PanelMessage } from "../page-header";
import { AgentEditor } from "./agent-editor";
import { AgentTable } from "./agent-table";
import type { AgentsActor, ManagedAgent } from "./types";
import { useEditorData } from "./use-editor-data";

/**
 * The agents screen for admins (/admin/agents) and members (/agents): the list, and the editor
 * opened by `?agent=new` or `?agent=<id>` so the browser's back button closes it.
 */
export function AgentsManager({ actor, embedded = false }: { actor: AgentsActor; embedded?: boolean }) {
  const t = useTranslations("agents");
  const router = useRouter();
  const pathname = usePathname();
  const open = useSearchParams().get("agent");
  const reportError = useReportError();
  const list = useApiList<ManagedAgent>("/api/agents?manage=1");
  const editor = useEditorData(actor);
  const [deleting, setDeleting] = useState<ManagedAgent | null>(null);
  const departmentName = (id: string) => editor.data?.directory.departments?.find((d) => d.id === id)?.name;
  const show = (agent: string | null) =>
    router.push(agent ? `${pathname}?agent=${encodeURIComponent(agent)}` : pathname);

  async function remove(agent: ManagedAgent) {
    setDeleting(null);
    try {
      await apiFetch(`/api/agents/${agent.id}`, { method: "DELETE" });
      toast.success(t("toasts.deleted", { name: agent.name }));
      forgetAgents();
    } catch (err) {
      reportError(err);
    }
    await list.reload();
  }

  if (open) {
    const agent = open === "new" ? null : (list.items?.find((a) => a.id === open) ?? undefined);
    const data = editor.data;
    const ready = data !== null && (agent !== undefined || list.items !== null);
    return (
      <>
        <button
          type="button"
          onClick={() => show(null)}
          className="mb-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
          data-testid="agent-back"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t("backToList")}
        </button>
        <PageHeader
          title={agent ? t("editTitle", { name: agent.name }) : t("createTitle")}
          description={agent ? undefined : t("createDescription")}
        />
        {editor.error ? (
          <Panel>
            <PanelMessage>{t("schemaFailed")}</PanelMessage>
          </Panel>
        ) : !ready || !data ? (
          <Panel>
            <PanelMessage>{t("loading")}</PanelMessage>
          </Panel>
        ) : agent === undefined || agent?.access === "read" ? (
          <Panel>
            <PanelMessage data-testid="agent-not-found">{t("notEditable")}</PanelMessage>
          </Panel>
        ) : (
          <AgentEditor
            key={agent?.id ?? "new"}
            agent={agent}
            data={data}
            actor={actor}
            onCancel={() => show(null)}
            onSaved={(saved, created) => {
              toast.success(t(created ? "toasts.created" : "toasts.saved", { name: saved.name }));
              forgetAgents();
              void list.reload().then(() => show(null));
            }}
          />
        )}
      </>
    );
  }

  const createButton = (
    <Button size="sm" onClick={() => show("new")} data-testid="agent-create">
      <Plus className="size-4" aria-hidden />
      {t("create")}
    </Button>
  );
  const description = actor.role === "user" ? t("descriptionUser") : t("description");
  return (
    <>
      {embedded ? (
        // Inside the chat shell the top bar already carries the page title.
        <div className="mb-6 flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
          <p className="max-w-xl min-w-0 text-sm text-muted-foreground">{description}</p>
          {createButton}
        </div>
      ) : (
        <PageHeader title={t("title")} description={description} actions={createButton} />
      )}
      <Panel data-testid="agents-panel">
        {list.error ? (
          <PanelMessage data-testid="agents-error">{t("loadFailed")}</PanelMessage>
        ) : list.items === null ? (
          <PanelMessage>{t("loading")}</PanelMessage>
        ) : list.items.length === 0 ? (
          <PanelMessage data-testid="agents-empty">{t("empty")}</PanelMessage>
        ) : (
          <AgentTable
            agents={list.items}
            departmentName={departmentName}
            onEdit={(a) => show(a.id)}
            onDelete={setDeleting}
          />
        )}
      </Panel>
      <ConfirmDialog
        open={deleting !== null}
        title={t("deleteTitle", { name: deleting?.name ?? "" })}
        description={t("deleteDescription")}
        confirmLabel={t("list.delete")}
        destructive
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
