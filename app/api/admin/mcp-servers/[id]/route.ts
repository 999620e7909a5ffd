import { route } from "@/lib/api/route";
import { requireRole } from "@/lib/auth/current-user";
import { mcpServerPatchSchema } from "@/lib/mcp/schemas";
import { deleteMcpServer, getMcpServer, updateMcpServer } from "@/lib/mcp/servers";
import { changesConnection, withListedTools } from "@/lib/mcp/list-after-save";
import { McpServerParams } from "../params";

export const dynamic = "force-dynamic";

export const GET = route({ params: McpServerParams }, ({ actor, params }) => {
  requireRole(actor, "superadmin", "admin");
  return getMcpServer(actor, params.id);
});

export const PATCH = route({ params: McpServerParams, body: mcpServerPatchSchema }, async ({ actor, params, body }) => {
  requireRole(actor, "superadmin", "admin");
  const before = await getMcpServer(actor, params.id);
  const view = await updateMcpServer(actor, params.id, body);
  // Another address, transport, headers, or switched on: the tools are listed again at once.
  return changesConnection(before, view, body) ? withListedTools(actor, view) : view;
});

export const DELETE = route({ params: McpServerParams }, async ({ actor, params }) => {
  requireRole(actor, "superadmin", "admin");
  await deleteMcpServer(actor, params.id);
});
