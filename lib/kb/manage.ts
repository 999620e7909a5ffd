import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { vectorsAvailable } from "@/lib/db/client";
import {
  deleteKnowledgeBaseRows,
  insertKnowledgeBase,
  updateKnowledgeBaseRow,
  type KbRow,
} from "@/lib/db/knowledge-bases";
import { reembedKnowledgeBase } from "@/lib/db/kb-embeddings";
import { findProviderForSpec, listEmbeddingModelSpecs, listRerankModelSpecs } from "@/lib/models/providers";
import type { KbInput } from "./kb-body";
import { removeKbFiles } from "./files";

/**
 * Creating, changing and deleting knowledge bases: the models they name must be enabled (checked
 * after the access checks of lib/db/knowledge-bases.ts, before anything is written), a new
 * embedding model re-embeds every document, and a deleted knowledge base leaves no files.
 */
export function createKnowledgeBase(actor: Actor, input: KbInput): Promise<KbRow> {
  return insertKnowledgeBase(actor, input, async () => {
    await checkEmbeddingModel(input.embeddingModel);
    await checkChatModel(input.model);
    await checkRerankModel(input.rerankModel);
  });
}

export async function updateKnowledgeBase(actor: Actor, id: string, patch: Partial<KbInput>): Promise<KbRow> {
  const { before, updated } = await updateKnowledgeBaseRow(actor, id, patch, async (row) => {
    if (patch.embeddingModel !== undefined && patch.embeddingModel !== row.embeddingModel)
      await checkEmbeddingModel(patch.embeddingModel);
    if (patch.model !== undefined && patch.model !== row.model) await checkChatModel(patch.model);
    if (patch.rerankModel !== undefined && patch.rerankModel !== row.rerankModel)
      await checkRerankModel(patch.rerankModel);
  });
  if (patch.embeddingModel !== undefined && patch.embeddingModel !== before.embeddingModel)
    await reembedKnowledgeBase(id);
  return updated;
}

/** Deletes the knowledge base with its documents and chunks (cascade), its queued jobs and its files. */
export async function deleteKnowledgeBase(actor: Actor, id: string): Promise<void> {
  await deleteKnowledgeBaseRows(actor, id);
  await removeKbFiles(id);
}

/**
 * The embedding model a knowledge base made in the app starts with when its creator names none:
 * the first enabled one (the demo provider's, offline), if vectors can be stored, so hybrid search
 * is what a new user gets. `embeddingModel: null` asks for keyword search only.
 */
export async function defaultEmbeddingModel(): Promise<string | null> {
  if (!(await vectorsAvailable())) return null;
  return (await listEmbeddingModelSpecs())[0] ?? null;
}

async function checkChatModel(spec: string | null | undefined) {
  if (spec && !(await findProviderForSpec(spec)))
    throw new ApiError(
      "bad_request:kb",
      `"${spec}" is not an enabled chat model. Pick one, or none for the default model.`,
    );
}

async function checkRerankModel(spec: string | null | undefined) {
  if (spec && !(await listRerankModelSpecs()).includes(spec))
    throw new ApiError("bad_request:kb", `"${spec}" is not an enabled rerank model. Pick one, or none.`);
}

async function checkEmbeddingModel(spec: string | null | undefined) {
  if (!spec) return;
  if (!(await listEmbeddingModelSpecs()).includes(spec))
    throw new ApiError(
      "bad_request:kb",
      `"${spec}" is not an enabled embedding model. Pick one of the embedding models an admin enabled, or none for keyword search only.`,
    );
  if (!(await vectorsAvailable()))
    throw new ApiError(
      "bad_request:kb",
      "This server's PostgreSQL has no pgvector extension, so knowledge bases search full text only. Install pgvector and restart to use an embedding model.",
    );
}
