import type { Actor } from "@/lib/identity/actor";
import { requireKnowledgeBase } from "@/lib/db/knowledge-bases";
import type { KbSearchHit } from "@/lib/db/kb-search";
import { searchFullText } from "./full-text-search";
import { searchKbVectors } from "@/lib/db/kb-vectors";
import { vectorsAvailable } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { embedTexts } from "@/lib/models/embed";
import { rerankTexts } from "@/lib/models/rerank";
import { embeddingText } from "./embedding-text";

/**
 * Retrieval over one readable knowledge base (docs/ARCHITECTURE.md, "Knowledge bases"): BM25-style
 * full text always; dense vectors when the knowledge base has an embedding model and the database
 * has pgvector; hybrid fuses the two lists. The answer names the mode that ran (hybrid without
 * vectors is bm25).
 */

export type RetrievalMode = "bm25" | "vector" | "hybrid";
export type Fusion = "weighted" | "rrf";

/**
 * Two fusions. "weighted": 0.7 dense and 0.3 full text, on each list's scores scaled to
 * 0..1. "rrf" (the default): reciprocal rank fusion as Cormack et al. define it, 1 / (60 + rank)
 * from each list, both alike. Measured on bench/kb.ts's known-item questions with the demo
 * embeddings (bm25 alone 0.875 recall@5): rrf 0.930 recall@5 / 0.830 MRR, weighted 0.875 / 0.734;
 * rrf with the dense list weighted 0.7 fell below full text alone (0.840), so rrf keeps equal weights.
 */
const DENSE_WEIGHT = 0.7;
const RRF_K = 60;
const DEFAULT_FUSION: Fusion = "rrf";

/** Why a hybrid search ran on the full text alone. */
export type KeywordOnlyReason =
  { kind: "no_embedding_model" } | { kind: "no_vector_index" } | { kind: "embedding_failed"; error: string };

export type Retrieval = {
  mode: RetrievalMode;
  results: KbSearchHit[];
  /** Set when hybrid was asked for and only the full text ran. */
  keywordOnly?: KeywordOnlyReason;
  /** The embedding model of a search that used vectors (or tried to). */
  embeddingModel?: string;
  embedMs?: number;
  /** Whether the knowledge base's rerank model reordered the results (false: it failed, the order stayed). */
  reranked?: boolean;
};

/** How many passages the rerank model sees for top-k results. */
const RERANK_POOL = 3;

export async function retrieve(
  actor: Actor,
  kbId: string,
  query: string,
  opts: { mode: RetrievalMode; topK: number; fileName?: string; fusion?: Fusion },
): Promise<Retrieval> {
  const { row } = await requireKnowledgeBase(actor, kbId);
  if (!row.rerankModel) return search(actor, row, query, opts);
  const found = await search(actor, row, query, { ...opts, topK: Math.min(50, opts.topK * RERANK_POOL) });
  const reranked = await rerankTexts(
    row.rerankModel,
    query,
    found.results.map((h) => embeddingText(h)),
  );
  if (!reranked.ok) {
    console.error(`[kb] reranking with ${row.rerankModel} failed: ${reranked.error}`);
    return { ...found, results: found.results.slice(0, opts.topK), reranked: false };
  }
  const results = reranked.order.slice(0, opts.topK).map(({ index, score }) => ({ ...found.results[index], score }));
  return { ...found, results, reranked: true };
}

async function search(
  actor: Actor,
  row: { id: string; embeddingModel: string | null },
  query: string,
  opts: { mode: RetrievalMode; topK: number; fileName?: string; fusion?: Fusion },
): Promise<Retrieval> {
  const kbId = row.id;
  const dense = Boolean(row.embeddingModel) && (await vectorsAvailable());
  if (opts.mode === "vector" && !dense)
    throw new ApiError(
      "bad_request:kb",
      row.embeddingModel
        ? "This server's database has no pgvector extension: use bm25."
        : "This knowledge base has no embedding model: pick one in its settings, or use bm25.",
    );
  if (opts.mode === "bm25") return { mode: "bm25", results: await searchFullText(actor, kbId, query, opts) };
  if (!dense)
    return {
      mode: "bm25",
      results: await searchFullText(actor, kbId, query, opts),
      keywordOnly: { kind: row.embeddingModel ? "no_vector_index" : "no_embedding_model" },
    };
  const embeddingModel = row.embeddingModel!;

  const started = performance.now();
  const embedded = await embedTexts(embeddingModel, [query.slice(0, 8000)]);
  const embedMs = Math.round(performance.now() - started);
  if (!embedded.ok) {
    if (opts.mode === "vector") throw new ApiError("bad_request:kb", `The embedding model failed: ${embedded.error}`);
    // A hybrid search still answers from the full text when the embedding call fails.
    return {
      mode: "bm25",
      results: await searchFullText(actor, kbId, query, opts),
      embedMs,
      embeddingModel,
      keywordOnly: { kind: "embedding_failed", error: embedded.error },
    };
  }
  const [vector] = embedded.vectors;
  if (opts.mode === "vector")
    return { mode: "vector", results: await searchKbVectors(actor, kbId, vector, opts), embedMs, embeddingModel };
  const pool = { ...opts, topK: opts.topK * 2 };
  const [text, near] = await Promise.all([
    searchFullText(actor, kbId, query, pool),
    searchKbVectors(actor, kbId, vector, pool),
  ]);
  return {
    mode: "hybrid",
    results: fuse(near, text, opts.topK, opts.fusion ?? DEFAULT_FUSION),
    embedMs,
    embeddingModel,
  };
}

/** Fuses the dense and full-text lists into one, best first; each hit keeps its fused score. */
export function fuse(dense: KbSearchHit[], text: KbSearchHit[], topK: number, fusion: Fusion): KbSearchHit[] {
  const scores = new Map<number, { hit: KbSearchHit; score: number }>();
  const add = (list: KbSearchHit[], weight: number) => {
    const max = Math.max(...list.map((h) => h.score));
    const min = Math.min(...list.map((h) => h.score));
    list.forEach((hit, rank) => {
      const part =
        fusion === "rrf" ? 1 / (RRF_K + rank + 1) : weight * (max > min ? (hit.score - min) / (max - min) : 1);
      const entry = scores.get(hit.chunkId) ?? { hit, score: 0 };
      entry.score += part;
      scores.set(hit.chunkId, entry);
    });
  };
  add(dense, DENSE_WEIGHT);
  add(text, 1 - DENSE_WEIGHT);
  return [...scores.values()]
    .sort((a, b) => b.score - a.score || a.hit.chunkId - b.hit.chunkId)
    .slice(0, topK)
    .map(({ hit, score }) => ({ ...hit, score }));
}
