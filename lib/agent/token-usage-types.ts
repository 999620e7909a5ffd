/** Shapes of state `tokenUsage` (SPEC 3.7), shared by the middleware, the API and the UI. */

export type ProviderUsage = {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Sum of cache reads over calls that reported a cache field. */
  cacheReadTokens: number;
  /** Sum of input tokens over calls that reported a cache field (denominator of the hit ratio). */
  cacheReportedInputTokens: number;
  reasoningTokens: number;
};

export type UsageBucket = ProviderUsage & {
  /** Configured spec `provider_id:model_id`. */
  spec: string;
  /** Model ids the provider actually answered with. */
  responseModels: string[];
  calls: number;
  /** Calls whose usage reported a cache-read field. */
  callsWithCacheInfo: number;
  /** sum(cache_read) / sum(input_tokens) over calls that reported a cache field; null = unknown. */
  cacheHitRatio: number | null;
};

export type UsageAggregate = {
  buckets: Record<string, UsageBucket>;
  totals: ProviderUsage & { calls: number };
};

export type ApproximateContext = {
  inputTokens: number;
  breakdown: { system: number; messages: number; tools: number };
  contextWindow: number;
  usageRatio: number;
  summaryActive: boolean;
  spec: string;
  /** False for blacklisted providers: their usage never enters the aggregates. */
  usageAvailable: boolean;
};

export type TokenUsageState = {
  context: ApproximateContext | null;
  latest: (UsageAggregate & { spec: string; responseModel: string | null }) | null;
  run: (UsageAggregate & { runId: string }) | null;
  thread: UsageAggregate;
};

export type TodoItem = { content: string; status: "pending" | "in_progress" | "completed" };

/** Custom data parts of the UI message stream (API.md). */
export type RunStatusData = { runId: string; status: string; error?: { code: string; message: string } };
