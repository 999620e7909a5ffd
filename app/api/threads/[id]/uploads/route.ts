import { z } from "zod";
import { route } from "@/lib/api/route";
import { readRequestFile, uploadMaxBytes } from "@/lib/files/request-file";
import { saveUpload } from "@/lib/files/upload";
import { withFileErrors } from "@/lib/files/fs-errors";
import { threadIdParams } from "@/lib/files/thread-workdir";

export const dynamic = "force-dynamic";

/** `?name=` names a raw (non-multipart) body; a multipart upload carries its own name. */
const query = z.object({ name: z.string().min(1).max(1024).optional() });

/**
 * Uploads one file into the conversation's uploads/ folder (multipart field `file`, optional
 * field `agentId` for a conversation that starts with this upload) -> {name, path, size, mediaType}.
 */
export const POST = route({ params: threadIdParams, query }, async ({ actor, params, query, req }) => {
  const file = await readRequestFile(req, { maxBytes: uploadMaxBytes(), rawName: query.name });
  return Response.json(await withFileErrors(() => saveUpload(actor, params.id, file)), { status: 201 });
});
