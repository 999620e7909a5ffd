import { z } from "zod";
import { findModelOfType } from "./providers";
import { callProvider } from "./provider-http";

/**
 * The model client for reranking: `POST /rerank` in the shape Cohere, Jina, vLLM and TEI share
 * (`{model, query, documents, top_n}` -> `{results: [{index, relevance_score}]}`). Failures as
 * fixed sentences; the caller keeps its own order when reranking fails.
 */

const RERANK_TIMEOUT_MS = 30_000;

export type RerankResult = { ok: true; order: { index: number; score: number }[] } | { ok: false; error: string };

const rerankSchema = z.object({
  results: z.array(z.object({ index: z.number().int().min(0), relevance_score: z.number() })),
});

export async function rerankTexts(spec: string, query: string, documents: string[]): Promise<RerankResult> {
  const found = await findModelOfType(spec, "rerank");
  if (!found) return { ok: false, error: `The rerank model "${spec}" is not available.` };
  if (documents.length === 0) return { ok: true, order: [] };
  const { provider, model } = found;
  const res = await callProvider({ baseUrl: provider.baseUrl, apiKey: provider.apiKey }, "/rerank", {
    method: "POST",
    timeoutMs: RERANK_TIMEOUT_MS,
    json: { model: model.id, query, documents, top_n: documents.length },
  });
  if (!res.ok) return { ok: false, error: res.error.message };
  let parsed: z.infer<typeof rerankSchema>;
  try {
    parsed = rerankSchema.parse(JSON.parse(res.body));
  } catch {
    return { ok: false, error: "The rerank model's answer was not a list of scores." };
  }
  const seen = new Set<number>();
  const order = parsed.results
    .filter((r) => r.index < documents.length && !seen.has(r.index) && seen.add(r.index))
    .sort((a, b) => b.relevance_score - a.relevance_score)
    .map((r) => ({ index: r.index, score: r.relevance_score }));
  return { ok: true, order };
}
