import { z } from "zod";
import { route } from "@/lib/http/route";
import { createStoredAgent, listAgentsForManagement } from "@/lib/db/agents";
import { agentView } from "@/lib/agent/config/agent-view";
import { agentBody } from "@/lib/agent/config/agent-body";

export const dynamic = "force-dynamic";

/** Agents visible to the user; `?manage=1` also lists subagents. Each carries the actor's access. */
export const GET = route({ query: z.object({ manage: z.enum(["0", "1"]).optional() }) }, async ({ actor, query }) => {
  const rows = await listAgentsForManagement(actor);
  return rows.filter((r) => query.manage === "1" || !r.isSubagent).map((r) => agentView(actor, r, r.access));
});

export const POST = route({ body: agentBody }, async ({ actor, body }) => {
  const row = await createStoredAgent(actor, body as Parameters<typeof createStoredAgent>[1]);
  return Response.json(agentView(actor, row, "manage"), { status: 201 });
});
