import { z } from "zod";
import { route } from "@/lib/api/route";
import { listAgentsForManagement } from "@/lib/db/agents";
import { createStoredAgent } from "@/lib/agent/config/manage";
import { agentView } from "@/lib/agent/config/agent-view";
import { agentBody } from "@/lib/agent/config/agent-body";
import { authorNames } from "@/lib/db/users";

export const dynamic = "force-dynamic";

/**
 * Agents visible to the user; `?manage=1` also lists subagents. Each carries the actor's access
 * and, when another user wrote it, `sharedBy` (its author's name).
 */
export const GET = route({ query: z.object({ manage: z.enum(["0", "1"]).optional() }) }, async ({ actor, query }) => {
  const rows = (await listAgentsForManagement(actor)).filter((r) => query.manage === "1" || !r.isSubagent);
  const authors = await authorNames(
    actor,
    rows.map((r) => r.ownerId),
  );
  return rows.map((r) => agentView(actor, r, r.access, authors));
});

export const POST = route({ body: agentBody }, async ({ actor, body }) => {
  const row = await createStoredAgent(actor, body as Parameters<typeof createStoredAgent>[1]);
  return Response.json(agentView(actor, row, "manage"), { status: 201 });
});
