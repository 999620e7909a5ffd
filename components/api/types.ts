import type { UIMessage } from "ai";
import type { ThreadSummary as ThreadSummaryView } from "@/lib/db/threads";
import type { RunStatus as RunStatusView } from "@/lib/db/schema";
import type { ThreadState } from "@/lib/runs/thread-state";
import type { MeridianDataParts } from "@/lib/agent/ui-parts";

/**
 * Client-side view of the HTTP API shapes (docs/API.md), derived from the server's view
 * functions (type-only imports: no server code reaches the bundle). Dates arrive as ISO strings.
 */

export type { CompressionData, SubagentData } from "@/lib/agent/ui-parts";

export type ThreadSummary = ThreadSummaryView;
export type ThreadStatus = ThreadSummary["status"];

type ModelOption = {
  spec: string;
  label: string;
  providerId: string;
  modelId: string;
  contextWindow: number | null;
};

export type ModelsResponse = {
  models: ModelOption[];
  defaultSpec: string | null;
  demo: boolean;
  /** Embedding models a knowledge base may use (`provider_id:model_id`). */
  embeddingModels?: string[];
  /** Rerank models a knowledge base may use (`provider_id:model_id`). */
  rerankModels?: string[];
  /** Whether the database can store vectors (pgvector). */
  vectorSearch?: boolean;
};

type RunStatus = RunStatusView;
export const ACTIVE_RUN_STATUSES: readonly string[] = ["pending", "running"] satisfies RunStatus[];

export type MeridianUIMessage = UIMessage<unknown, MeridianDataParts>;

export type ThreadResponse = {
  thread: ThreadSummary;
  messages: MeridianUIMessage[];
  /** The conversation's agent; `sharedBy` names its author when another user wrote it. */
  agent?: { id: string; name: string; sharedBy: string | null } | null;
};

export type ThreadStateResponse = ThreadState;
