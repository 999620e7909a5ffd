import { route } from "@/lib/http/route";
import { mcpToolPatchSchema } from "@/lib/mcp/schemas";
import { setMcpToolEnabled } from "@/lib/mcp/servers";
import { McpToolParams } from "../../../params";

export const dynamic = "force-dynamic";

/** `{enabled}` for one tool (its name as the server lists it); answers with the whole server. */
export const PATCH = route({ params: McpToolParams, body: mcpToolPatchSchema }, ({ actor, params, body }) =>
  setMcpToolEnabled(actor, params.id, params.toolName, body.enabled),
);
