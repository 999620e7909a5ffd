import { route } from "@/lib/api/route";
import { requireRole } from "@/lib/auth/current-user";
import { mcpServerCreateSchema } from "@/lib/mcp/schemas";
import { createMcpServer, listMcpServers } from "@/lib/mcp/servers";
import { withListedTools } from "@/lib/mcp/list-after-save";

export const dynamic = "force-dynamic";

/** An admin area: plain users get 403 here; the runtime gives them the tools of the servers shared with them. */
export const GET = route({}, ({ actor }) => {
  requireRole(actor, "superadmin", "admin");
  return listMcpServers(actor);
});

export const POST = route({ body: mcpServerCreateSchema }, async ({ actor, body }) => {
  requireRole(actor, "superadmin", "admin");
  // Its tools are listed at once; an unreachable server is still registered, with `toolsError`.
  return Response.json(await withListedTools(actor, await createMcpServer(actor, body)), { status: 201 });
});
