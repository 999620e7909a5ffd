import { getDb } from "@/lib/db/client";
import type { ProviderModel } from "@/lib/db/schema";
import { listEnabledProviderRows } from "@/lib/db/providers";
import { decryptSecret } from "@/lib/config/crypto";
import { DEMO_MODELS, DEMO_PROVIDER_ID, demoApiKey, demoBaseUrl } from "./demo";
import { formatModelSpec, parseModelSpec, resolveEnvModelName } from "./model-spec";
import { ENV_PROVIDER_ID } from "./env-provider";
import { cachedProviders } from "./provider-cache";
import { DEFAULT_CONTEXT_WINDOW } from "./model-constants";

/**
 * A provider whose stored key no longer decrypts (ENCRYPTION_KEY changed) is left out rather
 * than failing every chat; the admin screen shows it as "stored key unreadable".
 */
function readableKey(id: string, sealed: string): string | undefined {
  try {
    return decryptSecret(sealed);
  } catch {
    console.error(`[providers] the stored key of provider "${id}" cannot be decrypted; the provider is skipped`);
    return undefined;
  }
}

export type ResolvedProvider = {
  id: string;
  name: string;
  baseUrl: string;
  apiKey: string | null;
  models: ProviderModel[];
  requestOverrides: Record<string, unknown>;
  source: "builtin" | "env" | "admin";
};

export type ChatModelInfo = {
  spec: string;
  providerId: string;
  modelId: string;
  label: string;
  contextWindow: number;
};

export { DEFAULT_CONTEXT_WINDOW };

function demoProvider(): ResolvedProvider {
  return {
    id: DEMO_PROVIDER_ID,
    name: "Demo (offline)",
    baseUrl: demoBaseUrl(),
    apiKey: demoApiKey(),
    models: DEMO_MODELS,
    requestOverrides: {},
    source: "builtin",
  };
}

export { invalidateProviderCache, PROVIDER_CACHE_TTL_MS } from "./provider-cache";

/**
 * Enabled providers with at least one enabled chat model. The demo provider is there only
 * while nothing else is configured, so a real deployment never offers the scripted model.
 * A chat run asks several times: answers are cached per database for a few seconds; admin
 * writes invalidate the cache (other instances see a change within the TTL).
 */
export async function listActiveProviders(): Promise<ResolvedProvider[]> {
  return [...(await cachedProviders(await getDb(), loadActiveProviders))];
}

async function loadActiveProviders(): Promise<ResolvedProvider[]> {
  const rows = await listEnabledProviderRows();
  const resolved = rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      baseUrl: row.baseUrl,
      apiKey: row.apiKeyEncrypted ? readableKey(row.id, row.apiKeyEncrypted) : null,
      models: row.models,
      requestOverrides: row.requestOverrides,
      source: row.source,
    }))
    .filter(
      (p): p is ResolvedProvider => p.apiKey !== undefined && p.models.some((m) => m.type === "chat" && m.enabled),
    );
  return resolved.length > 0 ? resolved : [demoProvider()];
}

export function isDemoOnly(active: ResolvedProvider[]): boolean {
  return active.length === 1 && active[0].id === DEMO_PROVIDER_ID;
}

export async function listChatModels(): Promise<ChatModelInfo[]> {
  const active = await listActiveProviders();
  return active.flatMap((p) =>
    p.models
      .filter((m) => m.type === "chat" && m.enabled)
      .map((m) => ({
        spec: formatModelSpec(p.id, m.id),
        providerId: p.id,
        modelId: m.id,
        label: `${p.name} · ${m.id}`,
        contextWindow: m.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
      })),
  );
}

/** Specs of the enabled embedding models of the active providers (knowledge bases pick one). */
export async function listEmbeddingModelSpecs(): Promise<string[]> {
  const active = await listActiveProviders();
  return active.flatMap((p) =>
    p.models.filter((m) => m.type === "embedding" && m.enabled).map((m) => formatModelSpec(p.id, m.id)),
  );
}

export async function findProviderForSpec(
  spec: string,
): Promise<{ provider: ResolvedProvider; model: ProviderModel } | null> {
  const parsed = parseModelSpec(spec);
  if (!parsed) return null;
  const provider = (await listActiveProviders()).find((p) => p.id === parsed.providerId);
  const model = provider?.models.find((m) => m.id === parsed.modelId && m.type === "chat" && m.enabled);
  return provider && model ? { provider, model } : null;
}

/** The provider serving an enabled model of `type` (embedding or rerank), by `provider_id:model_id`. */
export async function findModelOfType(
  spec: string,
  type: "embedding" | "rerank",
): Promise<{ provider: ResolvedProvider; model: ProviderModel } | null> {
  const parsed = parseModelSpec(spec);
  if (!parsed) return null;
  const provider = (await listActiveProviders()).find((p) => p.id === parsed.providerId);
  const model = provider?.models.find((m) => m.id === parsed.modelId && m.type === type && m.enabled);
  return provider && model ? { provider, model } : null;
}

/**
 * The provider of an embedding model. The demo embedding model stays usable after a real
 * provider is configured: knowledge bases made during a trial (new ones start on it) keep
 * indexing and searching until an admin picks another model, which embeds them again.
 */
export async function findEmbeddingProvider(spec: string) {
  const found = await findModelOfType(spec, "embedding");
  if (found || parseModelSpec(spec)?.providerId !== DEMO_PROVIDER_ID) return found;
  const demo = demoProvider();
  const model = demo.models.find((m) => m.id === parseModelSpec(spec)!.modelId && m.type === "embedding");
  return model ? { provider: demo, model } : null;
}

/** Specs of the enabled rerank models of the active providers (knowledge bases may pick one). */
export async function listRerankModelSpecs(): Promise<string[]> {
  const active = await listActiveProviders();
  return active.flatMap((p) =>
    p.models.filter((m) => m.type === "rerank" && m.enabled).map((m) => formatModelSpec(p.id, m.id)),
  );
}

/** The env-configured model when there is one, else the first available chat model. */
export async function defaultModelSpec(): Promise<string> {
  const models = await listChatModels();
  const envModel =
    process.env.LLM_MODEL && models.find((m) => m.spec === formatModelSpec(ENV_PROVIDER_ID, process.env.LLM_MODEL!));
  return (envModel || models[0]).spec;
}

/** LLM_FALLBACK_MODEL then LLM_FALLBACK_CHAIN: deduplicated, primary excluded, at most 3. */
export async function fallbackSpecsFor(primary: string): Promise<string[]> {
  const names = [process.env.LLM_FALLBACK_MODEL ?? "", ...(process.env.LLM_FALLBACK_CHAIN ?? "").split(",")]
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) return [];
  const active = await listActiveProviders();
  const known = new Set(active.map((p) => p.id));
  const available = new Set((await listChatModels()).map((m) => m.spec));
  const specs: string[] = [];
  for (const name of names) {
    const spec = resolveEnvModelName(name, known, ENV_PROVIDER_ID);
    if (spec !== primary && !specs.includes(spec) && available.has(spec)) specs.push(spec);
  }
  return specs.slice(0, 3);
}
