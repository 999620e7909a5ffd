import { z } from "zod";
import { route } from "@/lib/api/route";
import { readMindmap } from "@/lib/db/kb-mindmap";
import { requestMindmap } from "@/lib/kb/mindmap-request";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200) });

/** The stored mind map, its status (none, generating, ready, failed) and the names of the documents it points at. */
export const GET = route({ params }, async ({ actor, params }) => readMindmap(actor, params.id));

/** Queues a (re)generation by the knowledge base's model; poll GET until the status leaves "generating". */
export const POST = route({ params }, async ({ actor, params }) => {
  await requestMindmap(actor, params.id);
  return readMindmap(actor, params.id);
});
