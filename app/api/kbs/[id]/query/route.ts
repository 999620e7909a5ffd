import { z } from "zod";
import { route } from "@/lib/api/route";
import { retrieve } from "@/lib/kb/retrieve";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200) });
const body = z.object({
  query: z.string().trim().min(1, "Type something to search for.").max(2000),
  topK: z.number().int().min(1).max(50).default(10),
  mode: z.enum(["bm25", "vector", "hybrid"]).default("hybrid"),
  fileName: z.string().trim().min(1).max(500).optional(),
});

/**
 * Retrieval test and API search: the answer names the mode that ran; a hybrid search that ran on
 * the full text alone says why in `keywordOnly` (no embedding model, no vector index, or the
 * embedding call failed, with its error).
 */
export const POST = route({ params, body }, async ({ actor, params, body }) => {
  const { mode, results, embedMs, reranked, keywordOnly } = await retrieve(actor, params.id, body.query, body);
  return {
    mode,
    results,
    ...(keywordOnly ? { keywordOnly } : {}),
    ...(embedMs !== undefined ? { embedMs } : {}),
    ...(reranked !== undefined ? { reranked } : {}),
  };
});
