import { route } from "@/lib/api/route";
import {
  defaultModelSpec,
  isDemoOnly,
  listActiveProviders,
  listChatModels,
  listEmbeddingModelSpecs,
  listRerankModelSpecs,
} from "@/lib/models/providers";
import { vectorsAvailable } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/**
 * Chat models the composer may offer, the default, and whether only the offline demo model is
 * configured; the embedding models a knowledge base may use, and whether this database can
 * store vectors at all (pgvector).
 */
export const GET = route({}, async () => ({
  models: await listChatModels(),
  defaultSpec: await defaultModelSpec(),
  demo: isDemoOnly(await listActiveProviders()),
  embeddingModels: await listEmbeddingModelSpecs(),
  rerankModels: await listRerankModelSpecs(),
  vectorSearch: await vectorsAvailable(),
}));
