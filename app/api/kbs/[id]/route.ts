import { z } from "zod";
import { route } from "@/lib/api/route";
import { getKnowledgeBase } from "@/lib/db/knowledge-bases";
import { deleteKnowledgeBase, updateKnowledgeBase } from "@/lib/kb/manage";
import { kbBody } from "@/lib/kb/kb-body";
import { kbView } from "@/lib/kb/kb-view";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200) });

export const GET = route({ params }, async ({ actor, params }) => {
  const { row, access, counts } = await getKnowledgeBase(actor, params.id);
  return kbView(actor, row, access, counts);
});

export const PATCH = route({ params, body: kbBody.partial() }, async ({ actor, params, body }) => {
  await updateKnowledgeBase(actor, params.id, body);
  const { row, counts } = await getKnowledgeBase(actor, params.id, "manage");
  return kbView(actor, row, "manage", counts);
});

export const DELETE = route({ params }, async ({ actor, params }) => {
  await deleteKnowledgeBase(actor, params.id);
  return { ok: true };
});
