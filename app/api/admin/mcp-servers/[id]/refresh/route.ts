import { route } from "@/lib/api/route";
import { requireRole } from "@/lib/auth/current-user";
import { refreshMcpTools } from "@/lib/mcp/refresh-tools";
import { McpServerParams } from "../../params";

export const dynamic = "force-dynamic";

/** Lists the server's tools again and stores them (enabled flags kept); 502 bad_gateway:mcp when it cannot be reached. */
export const POST = route({ params: McpServerParams }, ({ actor, params }) => {
  requireRole(actor, "superadmin", "admin");
  return refreshMcpTools(actor, params.id);
});
