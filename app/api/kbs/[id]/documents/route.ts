import { z } from "zod";
import { route } from "@/lib/api/route";
import { listKbDocuments } from "@/lib/db/kb-documents";
import { addKbDocuments } from "@/lib/kb/documents";
import { requireKnowledgeBase } from "@/lib/db/knowledge-bases";
import { readRequestFiles, uploadMaxBytes } from "@/lib/files/request-file";
import { documentsOf, KB_UPLOAD_LIMITS } from "@/lib/kb/intake";
import { kbDocumentView } from "@/lib/kb/document-view";
import { admitKbUpload } from "@/lib/kb/quota";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200) });

export const GET = route({ params }, async ({ actor, params }) => {
  return (await listKbDocuments(actor, params.id)).map(kbDocumentView);
});

/** Multipart, repeatable `file` (zips expanded): each document starts as `uploaded` with its ingestion queued. */
export const POST = route({ params }, async ({ actor, params, req }) => {
  await requireKnowledgeBase(actor, params.id, "manage"); // before reading a large body
  const files = await readRequestFiles(req, {
    maxBytes: uploadMaxBytes(),
    maxFiles: KB_UPLOAD_LIMITS.maxFilesPerRequest,
  });
  const docs = await addKbDocuments(actor, params.id, await documentsOf(files, uploadMaxBytes()), admitKbUpload);
  return Response.json(docs.map(kbDocumentView), { status: 201 });
});
