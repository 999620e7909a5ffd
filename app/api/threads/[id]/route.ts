import { z } from "zod";
import { route } from "@/lib/http/route";
import { getThreadWithSummary, updateThread, toSummary } from "@/lib/db/threads";
import { threadMessages } from "@/lib/runs/child-transcript";
import { deleteThreadEverywhere } from "@/lib/runs/delete-thread";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200) });

export const GET = route({ params }, async ({ actor, params }) => {
  const { row, summary } = await getThreadWithSummary(actor, params.id);
  return { thread: summary, messages: await threadMessages(actor, row) };
});

const patchBody = z.object({ title: z.string().trim().min(1).max(200) });

export const PATCH = route({ params, body: patchBody }, async ({ actor, params, body }) =>
  toSummary(await updateThread(actor, params.id, { title: body.title })),
);

export const DELETE = route({ params }, async ({ actor, params }) => {
  await deleteThreadEverywhere(actor, params.id);
  return { ok: true };
});
