import { z } from "zod";
import { route } from "@/lib/api/route";
import { createThread, listThreads, toSummary } from "@/lib/db/threads";
import { getDefaultAgent, getVisibleAgent } from "@/lib/db/agents";
import { ApiError } from "@/lib/errors/api-error";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ actor }) => listThreads(actor));

const createBody = z.object({ agentId: z.string().min(1).optional(), title: z.string().max(200).optional() });

export const POST = route({ body: createBody }, async ({ actor, body }) => {
  const agent = body.agentId ? await getVisibleAgent(actor, body.agentId) : await getDefaultAgent(actor);
  if (!agent) throw new ApiError("not_found:agent", "This agent does not exist or is not shared with you.");
  const thread = await createThread(actor, { agentId: agent.id, title: body.title });
  return Response.json(toSummary(thread), { status: 201 });
});
