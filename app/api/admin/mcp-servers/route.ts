import { route } from "@/lib/http/route";
import { mcpServerCreateSchema } from "@/lib/mcp/schemas";
import { createMcpServer, listMcpServers } from "@/lib/mcp/servers";

export const dynamic = "force-dynamic";

/** The MCP servers the actor can read (plain users see those shared with them, read-only). */
export const GET = route({}, ({ actor }) => listMcpServers(actor));

export const POST = route({ body: mcpServerCreateSchema }, async ({ actor, body }) =>
  Response.json(await createMcpServer(actor, body), { status: 201 }),
);
