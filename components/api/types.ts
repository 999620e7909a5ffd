import type { UIMessage } from "ai";
import type { RunStatusData, TodoItem, TokenUsageState } from "@/lib/agent/token-usage-types";
import type { InterruptPartData } from "@/lib/agent/interrupt-payloads";
import type { Artifact } from "@/components/files/types";

/** Client-side view of the HTTP API shapes (docs/API.md). */

export type ThreadStatus = "idle" | "running" | "interrupted";

export type ThreadSummary = {
  id: string;
  title: string;
  agentId: string | null;
  /** The model spec the thread last ran with (server-side memory). */
  modelSpec?: string | null;
  status: ThreadStatus;
  updatedAt: string;
};

export type ModelOption = {
  spec: string;
  label: string;
  providerId: string;
  modelId: string;
  contextWindow: number | null;
};

export type ModelsResponse = { models: ModelOption[]; defaultSpec: string | null; demo: boolean };

export type RunStatus = "pending" | "running" | "completed" | "failed" | "cancelled" | "interrupted";
export const ACTIVE_RUN_STATUSES: readonly string[] = ["pending", "running"];

export type CompressionData = { status: "started" | "completed" | "failed"; message?: string };
export type SubagentData = {
  status: "started" | "progress" | "completed" | "failed";
  subagent?: string;
  description?: string;
  message?: string;
};

/** Data parts the chat stream carries (non-transient, updated in place by id). */
export type MeridianDataParts = {
  run: RunStatusData;
  todos: { todos: TodoItem[] };
  "token-usage": TokenUsageState;
  compression: CompressionData;
  subagent: SubagentData;
  /** An approval card or question form the run waits on (`{runId, kind, ...}`). */
  interrupt: InterruptPartData;
  /** Files presented with `present_artifacts` (shown as artifact cards). */
  artifacts: { artifacts: Artifact[] };
  /** The run's activated skills, sent when activation changes (shown in the status panel). */
  skills: { activated: string[]; available: { slug: string; name: string }[] };
};

export type MeridianUIMessage = UIMessage<unknown, MeridianDataParts>;

export type ThreadResponse = {
  thread: ThreadSummary;
  messages: MeridianUIMessage[];
};

export type RunSummary = {
  id: string;
  status: RunStatus | string;
  error?: { code: string; message: string } | null;
};

export type ThreadStateResponse = {
  todos: TodoItem[];
  tokenUsage: TokenUsageState | null;
  activatedSkills?: string[];
  files?: unknown[];
  artifacts?: unknown[];
  subagentRuns?: unknown[];
  runs?: RunSummary[];
  activeRun: RunSummary | null;
};
