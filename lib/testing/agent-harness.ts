import type { UIMessageChunk } from "ai";
import { uiPartSchemas, type MeridianDataParts, type UIPartName } from "@/lib/agent/ui-parts";
import { startMockLlmServer, mockClient, type MockLlmServer, type MockClient } from "./scripted-model";
import { createTestDatabase, destroyTestDatabase } from "./test-db";
import { getDb } from "@/lib/db/client";
import { providers, users, type ProviderModel } from "@/lib/db/schema";
import { invalidateProviderCache } from "@/lib/models/providers";
import type { Actor } from "@/lib/identity/actor";
import { seedAgents } from "@/lib/bootstrap/seed-agents";

export const MOCK_PROVIDER = "mock";
export const MOCK_MODELS = ["mock-chat", "mock-fallback", "mock-backup"];

export type AgentHarness = {
  mock: Pick<MockLlmServer, "url" | "close">;
  client: MockClient;
  stop(): Promise<void>;
};

/**
 * Integration fixture: a real scripted model server on a free port, a fresh database, a
 * provider pointing at the server over HTTP, and the seeded agents.
 */
export async function startAgentHarness(
  opts: {
    providerId?: string;
    /** A model server already running elsewhere (benches run it in its own process), serving MOCK_MODELS. */
    mock?: AgentHarness["mock"];
    /** The scripted models' context window (default 32,000); summaries act by 80 % of it. */
    contextWindow?: number;
  } = {},
): Promise<AgentHarness> {
  const mock = opts.mock ?? (await startMockLlmServer({ models: MOCK_MODELS }));
  await createTestDatabase();
  const db = await getDb();
  await db.insert(providers).values({
    id: opts.providerId ?? MOCK_PROVIDER,
    name: "Scripted test model",
    baseUrl: mock.url,
    models: MOCK_MODELS.map((id) => ({
      id,
      type: "chat" as const,
      contextWindow: opts.contextWindow ?? 32_000,
      enabled: true,
    })),
    source: "admin",
  });
  await seedAgents();
  return {
    mock,
    client: mockClient(mock.url),
    async stop() {
      await destroyTestDatabase();
      await mock.close();
    },
  };
}

/** A provider for tests and benches: the scripted server (or another) with the given models. */
export async function insertTestProvider(
  id: string,
  baseUrl: string,
  models: { id: string; type: ProviderModel["type"]; enabled?: boolean }[],
): Promise<void> {
  const db = await getDb();
  await db.insert(providers).values({
    id,
    name: `Test provider ${id}`,
    baseUrl,
    models: models.map((m) => ({
      id: m.id,
      type: m.type,
      enabled: m.enabled ?? true,
      ...(m.type === "chat" ? { contextWindow: 32_000 } : {}),
    })),
    source: "admin",
  });
  invalidateProviderCache();
}

let userSeq = 0;
export async function createTestUser(role: Actor["role"] = "user"): Promise<Actor> {
  const db = await getDb();
  const id = `user-${process.pid}-${++userSeq}-${Math.random().toString(36).slice(2, 8)}`;
  await db.insert(users).values({ id, username: id, displayName: `Test ${userSeq}`, passwordHash: "x", role });
  return { id, username: id, displayName: `Test ${userSeq}`, role, departmentId: null };
}

export async function readAll(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const out: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

export function textOf(chunks: UIMessageChunk[]): string {
  return chunks
    .filter((c): c is Extract<UIMessageChunk, { type: "text-delta" }> => c.type === "text-delta")
    .map((c) => c.delta)
    .join("");
}

/** The data of every `data-<name>` chunk, each checked against its declared schema (lib/agent/ui-parts.ts). */
export function dataParts<N extends UIPartName>(chunks: UIMessageChunk[], name: N): MeridianDataParts[N][] {
  const schema = uiPartSchemas[name] as unknown as { parse(data: unknown): unknown };
  const data = chunks.filter((c) => c.type === `data-${name}`).map((c) => (c as { data: unknown }).data);
  // Parsing throws on a part that breaks its contract; the data itself is returned as emitted.
  for (const d of data) schema.parse(d);
  return data as MeridianDataParts[N][];
}

export function userMessage(text: string, id = `u-${crypto.randomUUID()}`) {
  return { id, role: "user" as const, parts: [{ type: "text" as const, text }] };
}

/** Builds the default agent for `actor` on `modelSpec` and runs one user turn to completion. */
export async function runAgentTurn(
  actor: Actor,
  text: string,
  opts: {
    modelSpec: string;
    threadId?: string;
    runId?: string;
    /** Config over the agent's, admin-only fields included (the runtime filters them by role; tests set them). */
    config?: Partial<import("@/lib/agent/config/config-schema").AgentConfig>;
    /** Stream every mode through the UI converter, as a chat run does, and return its chunks. */
    ui?: boolean;
    /** An agent the actor may read; the default agent when absent. */
    agentId?: string;
  },
) {
  const { getDefaultAgent, requireAgent } = await import("@/lib/db/agents");
  const { prepareAgentRuntimeContext } = await import("@/lib/agent/runtime/prepare-context");
  const { buildChatbotAgent, runStreamOptions } = await import("@/lib/agent/graph");
  const { HumanMessage } = await import("@langchain/core/messages");
  const agent = opts.agentId ? (await requireAgent(actor, opts.agentId)).row : (await getDefaultAgent(actor))!;
  const prepared = await prepareAgentRuntimeContext(actor, agent, { modelSpec: opts.modelSpec });
  const ctx = opts.config ? { ...prepared, config: { ...prepared.config, ...opts.config } } : prepared;
  // The subagent selection decides a tool (`task`): an overlaid selection applies to it too.
  if (opts.config?.subagents !== undefined) {
    const { resolveSubagentSelection } = await import("@/lib/agent/runtime/prepare-context");
    const slugs = resolveSubagentSelection(
      opts.config.subagents ?? null,
      prepared.visibleSubagents.map((s) => s.slug),
    );
    ctx.visibleSubagents = prepared.visibleSubagents.filter((s) => slugs.includes(s.slug));
  }
  const threadId = opts.threadId ?? crypto.randomUUID();
  const { coordinatorTools } = await import("@/lib/coordinator/coordinator-tools");
  const { mcpToolSource } = await import("@/lib/mcp/tool-source");
  const graph = await buildChatbotAgent(ctx, {
    rootThreadId: threadId,
    services: { mcp: mcpToolSource, coordinatorTools },
  });
  const runId = opts.runId ?? crypto.randomUUID();
  const custom: unknown[] = [];
  const chunks: UIMessageChunk[] = [];
  let values: Record<string, unknown> = {};
  try {
    // Exactly as a run streams it (runStreamOptions); without `ui`, only the modes this helper reads.
    const options = runStreamOptions(ctx, { threadId, runId });
    const stream = await graph.streamRun(
      { messages: [new HumanMessage(text)] },
      opts.ui ? options : { ...options, streamMode: ["values", "custom"] },
    );
    async function* observed() {
      for await (const ev of stream as AsyncIterable<[string, unknown]>) {
        const [mode, data] = ev;
        if (mode === "custom") custom.push(data);
        if (mode === "values") values = data as Record<string, unknown>;
        yield ev;
      }
    }
    if (opts.ui) {
      const { agentUIChunks } = await import("@/lib/agent/stream");
      const outcome = { error: null as unknown };
      for await (const chunk of agentUIChunks(observed(), outcome)) chunks.push(chunk);
      if (outcome.error) throw outcome.error;
    } else {
      for await (const ev of observed()) void ev;
    }
  } finally {
    await graph.close();
  }
  return { values, custom, chunks, threadId, runId, ctx };
}
