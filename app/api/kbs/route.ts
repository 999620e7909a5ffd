import { route } from "@/lib/api/route";
import { listKnowledgeBases } from "@/lib/db/knowledge-bases";
import { createKnowledgeBase, defaultEmbeddingModel } from "@/lib/kb/manage";
import { kbBody } from "@/lib/kb/kb-body";
import { kbView } from "@/lib/kb/kb-view";

export const dynamic = "force-dynamic";

/** Knowledge bases the user can at least read, each with the user's access and its document counts. */
export const GET = route({}, async ({ actor }) => {
  const rows = await listKnowledgeBases(actor);
  return rows.map((r) => kbView(actor, r, r.access, r.counts));
});

/** A new knowledge base that names no embedding model gets the default one; `null` keeps it keyword-only. */
export const POST = route({ body: kbBody }, async ({ actor, body }) => {
  const embeddingModel = body.embeddingModel === undefined ? await defaultEmbeddingModel() : body.embeddingModel;
  const row = await createKnowledgeBase(actor, { ...body, embeddingModel });
  return Response.json(kbView(actor, row, "manage"), { status: 201 });
});
