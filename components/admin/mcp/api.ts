import { apiFetch } from "@/components/api/client";
import type { McpServerView } from "@/lib/mcp/servers";
import type { McpProbeResult } from "@/lib/mcp/probe";
import type { McpTransport } from "@/lib/mcp/schemas";
import type { Sharing } from "@/lib/sharing/types";

/** The MCP admin routes (app/api/admin/mcp-servers), typed for the screen. */

type Dated = "toolsRefreshedAt" | "createdAt" | "updatedAt";
/** A server as JSON: dates arrive as ISO strings. */
export type McpServer = Omit<McpServerView, Dated> & {
  toolsRefreshedAt: string | null;
  createdAt: string;
  updatedAt: string;
};
export type { McpProbeResult, McpTransport };
/** A save's answer: the server, and why its tools could not be listed right after (the save stands). */
export type SavedMcpServer = McpServer & { toolsError?: { code: string; message: string } };

/** A header row of a save: no value keeps the stored one. */
export type HeaderEdit = { name: string; value?: string };

export type McpServerDraft = {
  name?: string;
  description?: string;
  transport?: McpTransport;
  url?: string;
  headers?: HeaderEdit[];
  enabled?: boolean;
  sharing?: Sharing;
};

const BASE = "/api/admin/mcp-servers";
const at = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
const send = (method: string, body?: unknown): RequestInit => ({
  method,
  body: body === undefined ? undefined : JSON.stringify(body),
});

export const mcpApi = {
  /** The list, for useApiList. */
  url: BASE,
  create: (draft: McpServerDraft & { name: string; url: string }) =>
    apiFetch<SavedMcpServer>(BASE, send("POST", draft)),
  update: (id: string, draft: McpServerDraft) => apiFetch<SavedMcpServer>(at(id), send("PATCH", draft)),
  remove: (id: string) => apiFetch<void>(at(id), send("DELETE")),
  test: (id: string) => apiFetch<McpProbeResult>(`${at(id)}/test`, send("POST")),
  refresh: (id: string) => apiFetch<McpServer>(`${at(id)}/refresh`, send("POST")),
  setTool: (id: string, tool: string, enabled: boolean) =>
    apiFetch<McpServer>(`${at(id)}/tools/${encodeURIComponent(tool)}`, send("PATCH", { enabled })),
};
