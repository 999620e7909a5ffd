import { z } from "zod";
import { route } from "@/lib/http/route";
import { requireKnowledgeBase } from "@/lib/db/knowledge-bases";
import { searchKbFullText } from "@/lib/db/kb-search";
import { ApiError } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200) });
const body = z.object({
  query: z.string().trim().min(1, "Type something to search for.").max(2000),
  topK: z.number().int().min(1).max(50).default(10),
  mode: z.enum(["bm25", "vector", "hybrid"]).default("hybrid"),
  fileName: z.string().trim().min(1).max(500).optional(),
});

/**
 * Retrieval test and API search. Dense vectors are not indexed yet, so `hybrid` runs full-text
 * search alone and says so in `mode`; asking for `vector` alone is refused.
 */
export const POST = route({ params, body }, async ({ actor, params, body }) => {
  if (body.mode === "vector") {
    await requireKnowledgeBase(actor, params.id); // 404 before 400 for a knowledge base the user cannot read
    throw new ApiError("bad_request:kb", "Vector search is not available for this knowledge base; use bm25 or hybrid.");
  }
  const results = await searchKbFullText(actor, params.id, body.query, { topK: body.topK, fileName: body.fileName });
  return { mode: "bm25", results };
});
