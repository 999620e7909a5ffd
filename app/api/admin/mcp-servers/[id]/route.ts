import { route } from "@/lib/http/route";
import { mcpServerPatchSchema } from "@/lib/mcp/schemas";
import { deleteMcpServer, getMcpServer, updateMcpServer } from "@/lib/mcp/servers";
import { McpServerParams } from "../params";

export const dynamic = "force-dynamic";

export const GET = route({ params: McpServerParams }, ({ actor, params }) => getMcpServer(actor, params.id));

export const PATCH = route({ params: McpServerParams, body: mcpServerPatchSchema }, ({ actor, params, body }) =>
  updateMcpServer(actor, params.id, body),
);

export const DELETE = route({ params: McpServerParams }, async ({ actor, params }) => {
  await deleteMcpServer(actor, params.id);
});
