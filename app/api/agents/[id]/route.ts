import { z } from "zod";
import { route } from "@/lib/api/route";
import { deleteAgent, requireAgent } from "@/lib/db/agents";
import { updateAgent } from "@/lib/agent/config/manage";
import { agentView } from "@/lib/agent/config/agent-view";
import { agentBody } from "@/lib/agent/config/agent-body";
import { authorNames } from "@/lib/db/users";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200) });

export const GET = route({ params }, async ({ actor, params }) => {
  const { row, access } = await requireAgent(actor, params.id);
  return agentView(actor, row, access, await authorNames(actor, [row.ownerId]));
});

export const PUT = route({ params, body: agentBody.partial() }, async ({ actor, params, body }) => {
  const row = await updateAgent(actor, params.id, body as Parameters<typeof updateAgent>[2]);
  return agentView(actor, row, "manage", await authorNames(actor, [row.ownerId]));
});

export const DELETE = route({ params }, async ({ actor, params }) => {
  await deleteAgent(actor, params.id);
  return { ok: true };
});
