"use client";

import { cn } from "@/components/ui/cn";
import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { ManageActions, TestButton, useCardActions } from "@/components/admin/resource/card-actions";
import { CardBadge, CardCredential, ResourceCard } from "@/components/admin/resource/resource-card";
import { Button } from "@/components/ui/button";
import { mcpApi, type McpServer } from "./api";
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
  const { running, act, result, test, dismiss } = useCardActions<
    "refresh" | "switch" | `tool:${string}`,
    Awaited<ReturnType<typeof mcpApi.test>>
  >(() => mcpApi.test(server.id));
  const canManage = server.access === "manage";
  // Test and refresh wait for each other and for the on/off switch, not for a tool switch.
  const busy = running("test") || running("refresh") || running("switch");
  const enabledTools = server.tools.filter((tool) => tool.enabled).length;
  const labels = {
    test: t("test"),
    testing: t("testing"),
    edit: t("edit"),
    delete: t("delete"),
    enabled: t("enabledLabel", { name: server.name }),
  };

  const refresh = () =>
    act("refresh", async () => {
      const view = await mcpApi.refresh(server.id);
      onChange(view);
      toast.success(t("refreshed", { count: view.tools.length }));
    });

  // A tool switch is one more card action: one call per tool at a time, failures toasted.
  const toggle = (tool: string, enabled: boolean) =>
    void act(`tool:${tool}`, async () => onChange(await mcpApi.setTool(server.id, tool, enabled)));

  return (
    <ResourceCard
      resource={server}
      expanded={expanded}
      onToggleExpanded={onToggleExpanded}
      testIds={{ card: "mcp-server-card", expand: "mcp-expand", name: "mcp-server-name" }}
      data={{ "data-server": server.name }}
      badges={
        <>
          <span className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">
            {t(`form.transports.${server.transport}`)}
          </span>
          {!server.enabled && <CardBadge>{t("disabled")}</CardBadge>}
          {!canManage && <CardBadge>{t("readOnly")}</CardBadge>}
        </>
      }
      description={server.description}
      facts={
        <>
          {server.url && (
            <span className="max-w-full truncate font-mono" data-testid="mcp-server-url">
              {server.url}
            </span>
          )}
          {server.headerNames && (
            <CardCredential data-testid="mcp-server-headers">
              {server.headerNames.length ? server.headerNames.join(", ") : t("noHeaders")}
            </CardCredential>
          )}
          <span data-testid="mcp-server-tool-count">
            {t("toolCount", { enabled: enabledTools, total: server.tools.length })}
          </span>
        </>
      }
      actions={
        canManage && (
          <>
            <TestButton
              testing={running("test")}
              disabled={busy}
              onClick={() => void test()}
              labels={labels}
              testId="mcp-test"
            />
            <Button
              variant="outline"
              size="sm"
              onClick={() => void refresh()}
              disabled={busy}
              data-testid="mcp-refresh"
            >
              <RefreshCw className={cn("size-4", running("refresh") && "animate-spin")} aria-hidden />
              {t("refresh")}
            </Button>
            <ManageActions
              labels={labels}
              enabled={server.enabled}
              switching={running("switch")}
              onEdit={onEdit}
              onDelete={onDelete}
              onEnabledChange={(enabled) =>
                void act("switch", async () => onChange(await mcpApi.update(server.id, { enabled })))
              }
              prefix="mcp"
            />
          </>
        )
      }
      result={result && <McpTestResult result={result} onDismiss={dismiss} />}
    >
      <McpToolList server={server} actions={{ running, refresh: () => void refresh(), toggle }} />
    </ResourceCard>
  );
}
