import { route } from "@/lib/api/route";
import { requireRole } from "@/lib/auth/current-user";
import { mcpToolPatchSchema } from "@/lib/mcp/schemas";
import { setMcpToolEnabled } from "@/lib/mcp/servers";
import { McpToolParams } from "../../../params";

export const dynamic = "force-dynamic";

/** `{enabled}` for one tool (its name as the server lists it); answers with the whole server. */
export const PATCH = route({ params: McpToolParams, body: mcpToolPatchSchema }, ({ actor, params, body }) => {
  requireRole(actor, "superadmin", "admin");
  return setMcpToolEnabled(actor, params.id, params.toolName, body.enabled);
});
