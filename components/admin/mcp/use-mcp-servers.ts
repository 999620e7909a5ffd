"use client";

import { useCallback, useEffect, useState } from "react";
import { useReportError } from "@/components/hooks/use-report-error";
import { mcpApi, type McpServer } from "./api";

/** The server list of the MCP screen: loaded once, then kept in step with each write's answer. */
export function useMcpServers() {
  const [servers, setServers] = useState<McpServer[] | null>(null);
  const reportError = useReportError();

  const reload = useCallback(async () => {
    try {
      setServers(await mcpApi.list());
    } catch (error) {
      setServers((current) => current ?? []);
      reportError(error);
    }
  }, [reportError]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const upsert = useCallback((view: McpServer) => {
    setServers((current) => {
      const list = current ?? [];
      return list.some((s) => s.id === view.id) ? list.map((s) => (s.id === view.id ? view : s)) : [...list, view];
    });
  }, []);

  const drop = useCallback((id: string) => setServers((current) => current?.filter((s) => s.id !== id) ?? null), []);

  return { servers, upsert, drop };
}
