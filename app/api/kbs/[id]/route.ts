import { z } from "zod";
import { route } from "@/lib/http/route";
import { deleteKnowledgeBase, kbCounts, requireKnowledgeBase, updateKnowledgeBase } from "@/lib/db/knowledge-bases";
import { kbBody } from "@/lib/kb/kb-body";
import { kbView } from "@/lib/kb/kb-view";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200) });

export const GET = route({ params }, async ({ actor, params }) => {
  const { row, access } = await requireKnowledgeBase(actor, params.id);
  return kbView(actor, row, access, await kbCounts(actor, params.id));
});

export const PATCH = route({ params, body: kbBody.partial() }, async ({ actor, params, body }) => {
  const row = await updateKnowledgeBase(actor, params.id, body);
  return kbView(actor, row, "manage", await kbCounts(actor, params.id));
});

export const DELETE = route({ params }, async ({ actor, params }) => {
  await deleteKnowledgeBase(actor, params.id);
  return { ok: true };
});
