import { z } from "zod";
import { interruptPartSchema } from "./interrupt-payloads";

/**
 * Every `data-<name>` part of the chat's UI message stream (docs/API.md, "/api/chat"), declared once: the server
 * emits them with `emitPart`, the client renders them with the types inferred here.
 * Client components import this module, so it imports nothing server-only.
 */

const providerUsageSchema = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  totalTokens: z.number(),
  /** Sum of cache reads over calls that reported a cache field. */
  cacheReadTokens: z.number(),
  /** Sum of input tokens over calls that reported a cache field (denominator of the hit ratio). */
  cacheReportedInputTokens: z.number(),
  reasoningTokens: z.number(),
});

const usageBucketSchema = providerUsageSchema.extend({
  /** Configured spec `provider_id:model_id`. */
  spec: z.string(),
  /** Model ids the provider actually answered with. */
  responseModels: z.array(z.string()),
  calls: z.number(),
  /** Calls whose usage reported a cache-read field. */
  callsWithCacheInfo: z.number(),
  /** sum(cache_read) / sum(input_tokens) over calls that reported a cache field; null = unknown. */
  cacheHitRatio: z.number().nullable(),
});

const usageAggregateSchema = z.object({
  buckets: z.record(z.string(), usageBucketSchema),
  totals: providerUsageSchema.extend({ calls: z.number() }),
});

const approximateContextSchema = z.object({
  inputTokens: z.number(),
  breakdown: z.object({ system: z.number(), messages: z.number(), tools: z.number() }),
  contextWindow: z.number(),
  usageRatio: z.number(),
  summaryActive: z.boolean(),
  spec: z.string(),
  /** False for blacklisted providers: their usage never enters the aggregates. */
  usageAvailable: z.boolean(),
});

/**
 * State `tokenUsage` (docs/ARCHITECTURE.md, "Token usage"): the approximate context and the
 * provider's usage aggregates.
 */
const tokenUsageSchema = z.object({
  context: approximateContextSchema.nullable(),
  latest: usageAggregateSchema.extend({ spec: z.string(), responseModel: z.string().nullable() }).nullable(),
  run: usageAggregateSchema.extend({ runId: z.string() }).nullable(),
  thread: usageAggregateSchema,
  /** The agent's own calls besides its answers (L2 summaries): counted, never in the figures above. */
  internal: z
    .object({ run: usageAggregateSchema.extend({ runId: z.string() }), thread: usageAggregateSchema })
    .optional(),
});

const todoItemSchema = z.object({ content: z.string(), status: z.enum(["pending", "in_progress", "completed"]) });

const runStatusSchema = z.object({
  runId: z.string(),
  status: z.string(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

export const artifactSchema = z.object({
  path: z.string(),
  name: z.string(),
  size: z.number(),
  mediaType: z.string(),
  scope: z.enum(["workdir", "workspace"]),
});

/** Part name -> schema of its data. */
export const uiPartSchemas = {
  /** The run's status: `running` first, then its final status (and error). */
  run: runStatusSchema,
  /** State `todos` whenever `write_todos` changed it (status panel). */
  todos: z.object({ todos: z.array(todoItemSchema) }),
  /** Before each model call (the context ring moves at once) and after it (the provider's usage). */
  "token-usage": tokenUsageSchema,
  /** The run's activated skills, sent when activation changes (status panel). */
  skills: z.object({
    activated: z.array(z.string()),
    /** `builtin`: shipped with Meridian, so the panel names it in the user's language. */
    available: z.array(z.object({ slug: z.string(), name: z.string(), builtin: z.boolean().optional() })),
  }),
  /** The primary model was overloaded and the run moved to a fallback (chat notice and status panel). */
  "model-switch": z.object({ from: z.string(), to: z.string(), reason: z.string() }),
  /** An approval card or question form the run waits on, and the answer once given. */
  interrupt: interruptPartSchema,
  /** Files presented with `present_artifacts` (artifact cards). */
  artifacts: z.object({ artifacts: z.array(artifactSchema) }),
  /** The knowledge-base passages a `query_kb` call returned: the answer's sources, each opening its document at its lines. */
  "kb-sources": z.object({
    sources: z.array(
      z.object({
        kbId: z.string(),
        kbName: z.string(),
        fileId: z.string(),
        fileName: z.string(),
        startLine: z.number(),
        endLine: z.number(),
        headingPath: z.array(z.string()),
      }),
    ),
  }),
  /** Older history summarised to fit the context window (L2; docs/ARCHITECTURE.md, "Summary"). */
  compression: z.object({
    /** `paused`: failed again after earlier failures; no summary is tried for `minutes`. */
    status: z.enum(["started", "completed", "failed", "paused"]),
    message: z.string().optional(),
    minutes: z.number().optional(),
    /** Messages of the model's view that the summary stands for. */
    messages: z.number().optional(),
    /** Approximate request size before and after (completed). */
    tokensBefore: z.number().optional(),
    tokensAfter: z.number().optional(),
  }),
  /** Progress of a delegated task (the `task` tool), one part per call, updated in place. */
  subagent: z.object({
    status: z.enum(["started", "progress", "completed", "failed"]),
    /** The subagent's name. */
    subagent: z.string().optional(),
    description: z.string().optional(),
    /** A failure's readable error. */
    message: z.string().optional(),
    /** The child's thread (its transcript) and run (its usage). */
    threadId: z.string().optional(),
    runId: z.string().optional(),
    /** The tool the child is calling, and its plan. */
    tool: z.string().optional(),
    todos: z.object({ done: z.number().int(), total: z.number().int() }).optional(),
    durationMs: z.number().optional(),
    /** The child run's own provider-reported tokens, on completed and failed. */
    tokens: z.object({ input: z.number(), output: z.number() }).optional(),
  }),
};

export type UIPartName = keyof typeof uiPartSchemas;

/** The data-parts generic of the AI SDK's `UIMessage`. */
export type MeridianDataParts = { [N in UIPartName]: z.infer<(typeof uiPartSchemas)[N]> };

export type ProviderUsage = z.infer<typeof providerUsageSchema>;
export type UsageBucket = z.infer<typeof usageBucketSchema>;
export type UsageAggregate = z.infer<typeof usageAggregateSchema>;
export type ApproximateContext = z.infer<typeof approximateContextSchema>;
export type TokenUsageState = MeridianDataParts["token-usage"];
export type TodoItem = z.infer<typeof todoItemSchema>;
export type RunStatusData = MeridianDataParts["run"];
export type Artifact = z.infer<typeof artifactSchema>;
export type SkillsPartData = MeridianDataParts["skills"];
export type ModelSwitchData = MeridianDataParts["model-switch"];
export type CompressionData = MeridianDataParts["compression"];
export type SubagentData = MeridianDataParts["subagent"];

/** A run's provider-reported input and output tokens, from its saved usage aggregate (null when none). */
export function usageTokens(usage: unknown): { input: number; output: number } | null {
  const totals = (usage as { totals?: { inputTokens: number; outputTokens: number } | null } | null)?.totals;
  return totals ? { input: totals.inputTokens, output: totals.outputTokens } : null;
}

const SUBAGENT_PART_PREFIX = "subagent-";
/** A `task` call's progress part: one per call, updated in place; the UI shows it instead of the call's card. */
export function subagentPartId(toolCallId: string): string {
  return `${SUBAGENT_PART_PREFIX}${toolCallId}`;
}
/** The `task` call a subagent part stands for, if any. */
export function toolCallOfSubagentPart(partId: string | undefined): string | null {
  return partId?.startsWith(SUBAGENT_PART_PREFIX) ? partId.slice(SUBAGENT_PART_PREFIX.length) : null;
}
export type KbSource = MeridianDataParts["kb-sources"]["sources"][number];

/** One data part as a UI message chunk. Parts with an id are kept in the message and updated in place. */
export type UIPartChunk<N extends UIPartName = UIPartName> = {
  type: `data-${N}`;
  id?: string;
  data: MeridianDataParts[N];
  transient?: boolean;
};

export function partChunk<N extends UIPartName>(
  name: N,
  data: MeridianDataParts[N],
  opts: { id?: string; transient?: boolean } = {},
): UIPartChunk<N> {
  return {
    type: `data-${name}`,
    data,
    ...(opts.id !== undefined ? { id: opts.id } : {}),
    ...(opts.transient ? { transient: true } : {}),
  };
}

/**
 * Writes one data part. `writer` is either the run's UI chunk sink or a LangGraph stream writer
 * (`runtime.writer`, `config.writer`): lib/agent/stream.ts passes a custom event carrying a part through as is.
 */
export function emitPart<N extends UIPartName>(
  writer: ((chunk: UIPartChunk<N>) => void) | undefined,
  name: N,
  data: MeridianDataParts[N],
  opts: { id?: string; transient?: boolean } = {},
): void {
  writer?.(partChunk(name, data, opts));
}

/** Whether a custom stream event is a part written by `emitPart`. */
export function isUIPartChunk(value: unknown): value is UIPartChunk {
  if (!value || typeof value !== "object") return false;
  const { type } = value as { type?: unknown };
  return (
    typeof type === "string" &&
    type.startsWith("data-") &&
    Object.hasOwn(uiPartSchemas, type.slice(5)) &&
    "data" in value
  );
}
