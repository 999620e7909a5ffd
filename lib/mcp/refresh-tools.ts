import type { Actor } from "@/lib/identity/actor";
import type { McpToolEntry } from "@/lib/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { connectMcpServer, listAllTools, McpConnectionError, type ListedMcpTool } from "./client";
import { describeMcpConnectError } from "./errors";
import { connectionTarget, requireMcpServer, storeMcpTools, toView, type McpServerView } from "./servers";

/**
 * The stored tool list after a fresh listing: the server's order and descriptions, each known
 * tool's enabled flag kept, new tools enabled, tools the server no longer lists dropped.
 */
export function mergeListedTools(stored: McpToolEntry[], listed: ListedMcpTool[]): McpToolEntry[] {
  const enabled = new Map(stored.map((t) => [t.name, t.enabled]));
  return listed.map((t) => ({
    name: t.name,
    description: t.description,
    enabled: enabled.get(t.name) ?? true,
    inputSchema: t.inputSchema,
    ...(t.readOnly ? { readOnly: true } : {}),
  }));
}

async function listRemoteTools(
  target: ReturnType<typeof connectionTarget>,
  timeoutMs?: number,
): Promise<ListedMcpTool[]> {
  const client = await connectMcpServer(target, { timeoutMs });
  try {
    return await listAllTools(client, { timeoutMs });
  } finally {
    await client.close().catch(() => {});
  }
}

export async function refreshMcpTools(
  actor: Actor,
  id: string,
  opts: { timeoutMs?: number } = {},
): Promise<McpServerView> {
  const { row } = await requireMcpServer(actor, id, "manage");
  let listed: ListedMcpTool[];
  try {
    listed = await listRemoteTools(connectionTarget(row), opts.timeoutMs);
  } catch (err) {
    const message =
      err instanceof McpConnectionError
        ? err.message
        : `The MCP server "${row.name}" failed to list its tools: ${describeMcpConnectError(err)}`;
    throw new ApiError("bad_gateway:mcp", message);
  }
  // Flags read again after the (slow) listing, so a toggle made meanwhile is kept.
  const { row: current } = await requireMcpServer(actor, id, "manage");
  const stored = await storeMcpTools(actor, id, mergeListedTools(current.tools, listed));
  return toView(stored, "manage");
}
