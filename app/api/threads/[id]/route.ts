import { z } from "zod";
import { route } from "@/lib/api/route";
import { getThreadWithSummary, updateThread, toSummary } from "@/lib/db/threads";
import { threadMessages } from "@/lib/runs/child-transcript";
import { deleteThreadEverywhere } from "@/lib/runs/delete-thread";
import { getThreadAgent } from "@/lib/db/agents";
import { authorNames } from "@/lib/db/users";
import { isAnotherUsersAgent } from "@/lib/agent/config/agent-view";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200) });

/** The conversation, its messages, and its agent (`sharedBy`: the author's name when another user wrote it). */
export const GET = route({ params }, async ({ actor, params }) => {
  const { row, summary } = await getThreadWithSummary(actor, params.id);
  const [messages, agent] = await Promise.all([threadMessages(actor, row), getThreadAgent(actor, row)]);
  const authors = agent && isAnotherUsersAgent(actor, agent) ? await authorNames(actor, [agent.ownerId]) : null;
  return {
    thread: summary,
    messages,
    agent: agent ? { id: agent.id, name: agent.name, sharedBy: authors?.get(agent.ownerId!) ?? null } : null,
  };
});

const patchBody = z.object({ title: z.string().trim().min(1).max(200) });

export const PATCH = route({ params, body: patchBody }, async ({ actor, params, body }) =>
  toSummary(await updateThread(actor, params.id, { title: body.title })),
);

export const DELETE = route({ params }, async ({ actor, params }) => {
  await deleteThreadEverywhere(actor, params.id);
  return { ok: true };
});
