import { registerJobHandler, PermanentJobError } from "@/lib/jobs/runner";
import type { ClaimedJob } from "@/lib/db/jobs";
import { chunksWithoutVectors, EMBED_JOB, insertEmbeddings } from "@/lib/db/kb-embeddings";
import { embedTexts } from "@/lib/models/embed";
import { embeddingText } from "./embedding-text";

/**
 * Embeds the chunks of an indexed document that have no vector (after the knowledge base's
 * embedding model changed). Resumable by construction: each batch only takes chunks still
 * without one. The document stays `indexed` throughout; a failure is logged and retried.
 */

const BATCH = 256;

async function embedDocument(job: ClaimedJob, { signal }: { signal: AbortSignal }): Promise<void> {
  const documentId = String(job.payload.documentId ?? "");
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve)); // let requests in between batches (PGlite runs on this thread)
    if (signal.aborted) return;
    const rows = await chunksWithoutVectors(documentId, BATCH);
    if (rows.length === 0) return;
    const spec = rows[0].embedding_model;
    if (!spec) return; // the model was removed since: full text only
    const texts = rows.map((r) => embeddingText({ headingPath: r.heading_path, content: r.content }));
    const result = await embedTexts(spec, texts);
    if (!result.ok) throw result.retryable ? new Error(result.error) : new PermanentJobError(result.error);
    await insertEmbeddings(
      rows[0].kb_id,
      rows.map((r) => Number(r.id)),
      result.vectors,
    );
  }
}

registerJobHandler(EMBED_JOB, { run: embedDocument });
