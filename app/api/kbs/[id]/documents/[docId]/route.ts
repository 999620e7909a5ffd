import { z } from "zod";
import { route } from "@/lib/api/route";
import { requireKbDocument } from "@/lib/db/kb-documents";
import { deleteKbDocument } from "@/lib/kb/documents";
import { kbDocumentView } from "@/lib/kb/document-view";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200), docId: z.string().min(1).max(200) });

export const GET = route({ params }, async ({ actor, params }) => {
  const { doc } = await requireKbDocument(actor, params.id, params.docId);
  return kbDocumentView(doc);
});

export const DELETE = route({ params }, async ({ actor, params }) => {
  await deleteKbDocument(actor, params.id, params.docId);
  return { ok: true };
});
