import { apiFetch } from "@/components/api/client";
import type { Sharing } from "@/lib/sharing/types";
import type { kbView } from "@/lib/kb/kb-view";
import type { kbDocumentView } from "@/lib/kb/document-view";
import type { DocumentWindow } from "@/lib/kb/document-window";
import type { KbSearchHit } from "@/lib/db/kb-search";
import type { KbDocumentStatus, KbMindmapNode } from "@/lib/db/kb-schema";
import type { readMindmap } from "@/lib/db/kb-mindmap";
import type { KeywordOnlyReason } from "@/lib/kb/retrieve";

export type KeywordOnlyKind = KeywordOnlyReason["kind"];

/** The knowledge-base routes (app/api/kbs), typed for the KB pages; shapes as the server defines them. */

export type KbView = ReturnType<typeof kbView>;
export type KbDocument = ReturnType<typeof kbDocumentView>;
export type KbMindmap = Awaited<ReturnType<typeof readMindmap>>;
export type { DocumentWindow, KbDocumentStatus, KbMindmapNode, KbSearchHit };
export type KbQueryMode = "bm25" | "vector" | "hybrid";
export type KbPatch = {
  name?: string;
  description?: string;
  /** The chat model that writes the mind map (`provider_id:model_id`); null: the default chat model. */
  model?: string | null;
  /** The embedding model (`provider_id:model_id`); null: keyword search only. */
  embeddingModel?: string | null;
  /** The rerank model (`provider_id:model_id`); null: results keep the retrieval order. */
  rerankModel?: string | null;
  chunking?: { chunkSize?: number; chunkOverlap?: number };
  sharing?: Sharing;
};

const BASE = "/api/kbs";
const kbAt = (id: string, tail = "") => `${BASE}/${encodeURIComponent(id)}${tail}`;
const docAt = (kbId: string, docId: string, tail = "") => kbAt(kbId, `/documents/${encodeURIComponent(docId)}${tail}`);

export const kbsApi = {
  list: () => apiFetch<KbView[]>(BASE),
  get: (id: string) => apiFetch<KbView>(kbAt(id)),
  create: (input: { name: string; description?: string }) =>
    apiFetch<KbView>(BASE, { method: "POST", body: JSON.stringify(input) }),
  update: (id: string, patch: KbPatch) => apiFetch<KbView>(kbAt(id), { method: "PATCH", body: JSON.stringify(patch) }),
  remove: (id: string) => apiFetch<void>(kbAt(id), { method: "DELETE" }),
  documentsUrl: (kbId: string) => kbAt(kbId, "/documents"),
  documents: (kbId: string) => apiFetch<KbDocument[]>(kbAt(kbId, "/documents")),
  document: (kbId: string, docId: string) => apiFetch<KbDocument>(docAt(kbId, docId)),
  removeDocument: (kbId: string, docId: string) => apiFetch<void>(docAt(kbId, docId), { method: "DELETE" }),
  retryDocument: (kbId: string, docId: string) =>
    apiFetch<KbDocument>(docAt(kbId, docId, "/retry"), { method: "POST" }),
  /** A window of the parsed text from a 1-based line or a character offset (`window` chars, at most 20000). */
  content: (kbId: string, docId: string, at: { line: number } | { offset: number }, window: number) => {
    const from = "line" in at ? `line=${at.line}` : `offset=${at.offset}`;
    return apiFetch<DocumentWindow>(`${docAt(kbId, docId, "/content")}?${from}&window=${window}`);
  },
  query: (kbId: string, input: { query: string; mode: KbQueryMode; topK?: number }) =>
    apiFetch<{
      mode: KbQueryMode;
      results: KbSearchHit[];
      embedMs?: number;
      reranked?: boolean;
      keywordOnly?: { kind: KeywordOnlyKind; error?: string };
    }>(kbAt(kbId, "/query"), {
      method: "POST",
      body: JSON.stringify(input),
    }),
  mindmap: (kbId: string) => apiFetch<KbMindmap>(kbAt(kbId, "/mindmap")),
  /** Queues a (re)generation; answers the map with status "generating" (poll `mindmap` until it changes). */
  generateMindmap: (kbId: string) => apiFetch<KbMindmap>(kbAt(kbId, "/mindmap"), { method: "POST" }),
};
