import { z } from "zod";
import { route } from "@/lib/api/route";
import { readKbDocumentText } from "@/lib/db/kb-documents";
import { ApiError } from "@/lib/errors/api-error";
import { documentWindow } from "@/lib/kb/document-window";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200), docId: z.string().min(1).max(200) });
const query = z.object({
  offset: z.coerce.number().int().min(0).optional(),
  line: z.coerce.number().int().min(1).optional(),
  window: z.coerce.number().int().min(1).max(20_000).default(4000),
});

/** A window of the parsed text, from a character offset or a 1-based line. */
export const GET = route({ params, query }, async ({ actor, params, query }) => {
  const { text } = await readKbDocumentText(actor, params.id, params.docId);
  if (text === null) throw new ApiError("conflict:kb", "This document has not been parsed yet.");
  return documentWindow(text, query);
});
