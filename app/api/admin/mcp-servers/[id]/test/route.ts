import { route } from "@/lib/api/route";
import { requireRole } from "@/lib/auth/current-user";
import { testMcpServer } from "@/lib/mcp/probe";
import { McpServerParams } from "../../params";

export const dynamic = "force-dynamic";

/** Test connection with the stored settings: `{ok, latencyMs, server, tools}` or `{ok: false, latencyMs, error}`, 200 either way. */
export const POST = route({ params: McpServerParams }, ({ actor, params }) => {
  requireRole(actor, "superadmin", "admin");
  return testMcpServer(actor, params.id);
});
