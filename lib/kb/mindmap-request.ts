import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { mindmapRequestable, queueMindmap } from "@/lib/db/kb-mindmap";
import { resolveCompletionModel } from "@/lib/models/complete";

/**
 * Asks for a knowledge base's mind map to be (re)made by its model (mindmap-job.ts makes it):
 * only by its managers, only with indexed documents, only with a chat model to write it.
 */
export async function requestMindmap(actor: Actor, kbId: string) {
  const { row, indexed } = await mindmapRequestable(actor, kbId);
  if (indexed === 0)
    throw new ApiError(
      "conflict:kb",
      "This knowledge base has no indexed documents yet: add some, then make its mind map.",
    );
  const spec = await resolveCompletionModel(row.model);
  if (!spec)
    throw new ApiError(
      "bad_request:kb",
      row.model
        ? `The mind map model "${row.model}" is not available. Pick another one in the settings.`
        : "No chat model is available to write the mind map.",
    );
  await queueMindmap(actor, kbId);
  return { status: "generating" as const };
}
