"use client";

import { LoaderCircle, RefreshCw, Wrench } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import type { McpServer } from "./api";

/** What the server's card does for the list: refresh the tools, switch one, and which call runs. */
export type ToolListActions = {
  running: (kind: "refresh" | `tool:${string}`) => boolean;
  refresh: () => void;
  toggle: (tool: string, enabled: boolean) => void;
};

/** The tools a server listed at its last refresh, each on or off for every agent that uses the server. */
export function McpToolList({ server, actions }: { server: McpServer; actions: ToolListActions }) {
  const t = useTranslations("admin.mcp.tools");
  const format = useFormatter();
  const canManage = server.access === "manage";
  const refreshing = actions.running("refresh");

  if (server.tools.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-6 text-center" data-testid="mcp-tools-empty">
        <Wrench className="size-6 text-muted-foreground" aria-hidden />
        <p className="max-w-sm text-sm text-muted-foreground">
          {server.toolsRefreshedAt ? t("noneListed") : t("neverRefreshed")}
        </p>
        {canManage && (
          <Button
            variant="outline"
            size="sm"
            onClick={actions.refresh}
            disabled={refreshing}
            data-testid="mcp-tools-empty-refresh"
          >
            {refreshing ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
            ) : (
              <RefreshCw className="size-4" aria-hidden />
            )}
            {t("fetch")}
          </Button>
        )}
      </div>
    );
  }

  const enabled = server.tools.filter((tool) => tool.enabled).length;
  return (
    <div data-testid="mcp-tools">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-medium">{t("title", { enabled, total: server.tools.length })}</h3>
        {server.toolsRefreshedAt && (
          <span className="text-xs text-muted-foreground">
            {t("refreshedAt", { when: format.relativeTime(new Date(server.toolsRefreshedAt)) })}
          </span>
        )}
      </div>
      <ul className="divide-y rounded-xl border">
        {server.tools.map((tool) => (
          <li
            key={tool.name}
            className="flex items-start gap-3 px-3 py-2.5"
            data-testid="mcp-tool"
            data-tool={tool.name}
            data-enabled={tool.enabled}
          >
            <Switch
              size="sm"
              checked={tool.enabled}
              onCheckedChange={(on) => actions.toggle(tool.name, on)}
              disabled={!canManage || actions.running(`tool:${tool.name}`)}
              label={t("enable", { name: tool.name })}
              className="mt-0.5"
              data-testid="mcp-tool-enabled"
            />
            <div className="min-w-0 flex-1">
              <p className="truncate font-mono text-[13px]" title={tool.runtimeName}>
                {tool.name}
                <span className="ml-2 font-sans text-xs text-muted-foreground">
                  {t("runtimeName", { name: tool.runtimeName })}
                </span>
              </p>
              {tool.description && (
                <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{tool.description}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
