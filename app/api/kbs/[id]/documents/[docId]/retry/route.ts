import { z } from "zod";
import { route } from "@/lib/api/route";
import { retryKbDocument } from "@/lib/db/kb-documents";
import { kbDocumentView } from "@/lib/kb/document-view";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200), docId: z.string().min(1).max(200) });

/** Ingests a failed document again, from the stage that failed. */
export const POST = route({ params }, async ({ actor, params }) => {
  return kbDocumentView(await retryKbDocument(actor, params.id, params.docId));
});
