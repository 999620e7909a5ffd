"use client";

import { cn } from "@/components/ui/cn";
import { ChevronRight, KeyRound, LoaderCircle, Pencil, PlugZap, RefreshCw, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { Switch } from "@/components/ui/switch";
import { useReportError } from "@/components/hooks/use-report-error";
import { mcpApi, type McpProbeResult, type McpServer } from "./api";
import { McpTestResult } from "./mcp-test-result";
import { McpToolList } from "./mcp-tool-list";

/** One MCP server: summary, on/off, test connection, refresh tools and (expanded) its tools. */
export function McpServerCard({
  server,
  expanded,
  onToggleExpanded,
  onChange,
  onEdit,
  onDelete,
}: {
  server: McpServer;
  expanded: boolean;
  onToggleExpanded: () => void;
  onChange: (view: McpServer) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("admin.mcp");
  const reportError = useReportError();
  const [busy, setBusy] = useState<"test" | "refresh" | "switch" | null>(null);
  const [result, setResult] = useState<McpProbeResult | null>(null);
  const canManage = server.access === "manage";
  const enabledTools = server.tools.filter((tool) => tool.enabled).length;
  const bodyId = `mcp-body-${server.id}`;

  async function act(kind: "test" | "refresh" | "switch", work: () => Promise<void>) {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  }

  const test = () =>
    act("test", async () => {
      setResult(null);
      setResult(await mcpApi.test(server.id));
    });
  const refresh = () =>
    act("refresh", async () => {
      const view = await mcpApi.refresh(server.id);
      onChange(view);
      toast.success(t("refreshed", { count: view.tools.length }));
    });
  const setEnabled = (enabled: boolean) => act("switch", async () => onChange(await mcpApi.update(server.id, { enabled })));

  return (
    <section
      className={cn("rounded-2xl border bg-card transition-colors", !server.enabled && "bg-muted/40")}
      data-testid="mcp-server-card"
      data-server={server.name}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
        <button
          type="button"
          onClick={onToggleExpanded}
          aria-expanded={expanded}
          aria-controls={bodyId}
          className="group flex min-w-0 flex-1 items-start gap-2 text-left"
          data-testid="mcp-expand"
        >
          <ChevronRight className={cn("mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform", expanded && "rotate-90")} aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="truncate font-medium group-hover:underline" data-testid="mcp-server-name">{server.name}</span>
              <span className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">{t(`form.transports.${server.transport}`)}</span>
              {!server.enabled && <span className="rounded-full border px-2 py-0.5 text-[11px] text-muted-foreground">{t("disabled")}</span>}
              {!canManage && <span className="rounded-full border px-2 py-0.5 text-[11px] text-muted-foreground">{t("readOnly")}</span>}
            </span>
            {server.description && <span className="mt-0.5 block truncate text-sm text-muted-foreground">{server.description}</span>}
            <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              {server.url && <span className="max-w-full truncate font-mono" data-testid="mcp-server-url">{server.url}</span>}
              {server.headerNames && (
                <span className="inline-flex items-center gap-1" data-testid="mcp-server-headers">
                  <KeyRound className="size-3" aria-hidden />
                  {server.headerNames.length ? server.headerNames.join(", ") : t("noHeaders")}
                </span>
              )}
              <span data-testid="mcp-server-tool-count">{t("toolCount", { enabled: enabledTools, total: server.tools.length })}</span>
            </span>
          </span>
        </button>
        {canManage && (
          <div className="flex items-center gap-1.5">
            <Button variant="outline" size="sm" onClick={() => void test()} disabled={busy !== null} data-testid="mcp-test">
              {busy === "test" ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <PlugZap className="size-4" aria-hidden />}
              {busy === "test" ? t("testing") : t("test")}
            </Button>
            <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={busy !== null} data-testid="mcp-refresh">
              <RefreshCw className={cn("size-4", busy === "refresh" && "animate-spin")} aria-hidden />
              {t("refresh")}
            </Button>
            <IconButton label={t("edit")} icon={<Pencil />} size="sm" onClick={onEdit} data-testid="mcp-edit" />
            <IconButton label={t("delete")} icon={<Trash2 />} size="sm" onClick={onDelete} className="hover:text-danger" data-testid="mcp-delete" />
            <Switch
              checked={server.enabled}
              onCheckedChange={(on) => void setEnabled(on)}
              disabled={busy === "switch"}
              label={t("enabledLabel", { name: server.name })}
              className="ml-1.5"
              data-testid="mcp-enabled"
            />
          </div>
        )}
      </div>
      {result && <McpTestResult result={result} onDismiss={() => setResult(null)} />}
      {expanded && (
        <div id={bodyId} className="border-t px-4 pt-3 pb-4">
          <McpToolList server={server} refreshing={busy === "refresh"} onRefresh={() => void refresh()} onChange={onChange} />
        </div>
      )}
    </section>
  );
}
