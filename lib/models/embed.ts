import { z } from "zod";
import { findEmbeddingProvider } from "./providers";
import { callProvider, isPermanentFailure } from "./provider-http";

/**
 * The model client for embeddings: OpenAI-compatible `POST /embeddings`, texts in batches,
 * failures as fixed sentences (an upstream's answer is never echoed). Vectors come back
 * L2-normalised, so cosine distance and inner product rank alike.
 */

const EMBED_BATCH = 64;
const EMBED_TIMEOUT_MS = 60_000;

export type EmbedResult =
  { ok: true; vectors: number[][]; tokens: number } | { ok: false; error: string; retryable: boolean };

const embeddingsSchema = z.object({
  data: z.array(z.object({ index: z.number().int(), embedding: z.array(z.number()) })),
  usage: z.object({ total_tokens: z.number() }).partial().optional(),
});

export async function embedTexts(spec: string, texts: string[]): Promise<EmbedResult> {
  const found = await findEmbeddingProvider(spec);
  if (!found) return { ok: false, error: `The embedding model "${spec}" is not available.`, retryable: false };
  const { provider, model } = found;
  const vectors: number[][] = [];
  let tokens = 0;
  for (let i = 0; i < texts.length; i += EMBED_BATCH) {
    const batch = texts.slice(i, i + EMBED_BATCH).map((t) => t || " "); // an empty input is refused upstream
    const call = () =>
      callProvider({ baseUrl: provider.baseUrl, apiKey: provider.apiKey }, "/embeddings", {
        method: "POST",
        timeoutMs: EMBED_TIMEOUT_MS,
        json: { model: model.id, input: batch, encoding_format: "float" },
      });
    let res = await call();
    // A kept-alive connection the server closed just as it was reused: embedding is idempotent, ask again once.
    if (!res.ok && res.error.kind === "network") res = await call();
    if (!res.ok) {
      return { ok: false, error: res.error.message, retryable: !isPermanentFailure(res.error) };
    }
    let parsed: z.infer<typeof embeddingsSchema>;
    try {
      parsed = embeddingsSchema.parse(JSON.parse(res.body));
    } catch {
      return { ok: false, error: "The embedding model's answer was not a list of vectors.", retryable: true };
    }
    const byIndex = [...parsed.data].sort((a, b) => a.index - b.index);
    const dims = byIndex[0]?.embedding.length ?? 0;
    if (byIndex.length !== batch.length || dims === 0 || byIndex.some((d) => d.embedding.length !== dims))
      return {
        ok: false,
        error: "The embedding model answered with the wrong number or size of vectors.",
        retryable: true,
      };
    for (const d of byIndex) vectors.push(normalised(d.embedding));
    tokens += parsed.usage?.total_tokens ?? 0;
  }
  if (vectors.length > 0 && vectors.some((v) => v.length !== vectors[0].length))
    return { ok: false, error: "The embedding model changed its vector size between batches.", retryable: true };
  return { ok: true, vectors, tokens };
}

function normalised(v: number[]): number[] {
  const norm = Math.hypot(...v);
  return norm > 0 ? v.map((x) => x / norm) : v;
}
