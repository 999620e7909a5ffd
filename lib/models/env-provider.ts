import type { ProviderModel } from "@/lib/db/schema";
import { upsertSystemProvider } from "@/lib/db/providers";
import { encryptSecret } from "@/lib/config/crypto";
import { invalidateProviderCache } from "./provider-cache";

/** The provider bootstrapped from OPENAI_BASE_URL / OPENAI_API_KEY / LLM_MODEL. */
export const ENV_PROVIDER_ID = "openai";

function envModelIds(): string[] {
  const ids = [
    process.env.LLM_MODEL,
    process.env.LLM_FALLBACK_MODEL,
    ...(process.env.LLM_FALLBACK_CHAIN ?? "").split(","),
    process.env.OCR_MODEL,
  ]
    .map((s) => s?.trim())
    .filter((s): s is string => Boolean(s))
    // Fallback entries naming another provider (`other:model`) are not models of this one.
    .filter((s) => !s.includes(":") || s.startsWith(`${ENV_PROVIDER_ID}:`))
    .map((s) => s.replace(new RegExp(`^${ENV_PROVIDER_ID}:`), ""));
  return [...new Set(ids)];
}

/** Whether OPENAI_BASE_URL or OPENAI_API_KEY define the env provider (it is then rewritten at every start). */
export function envDefinesProvider(): boolean {
  return Boolean(process.env.OPENAI_BASE_URL?.trim() || process.env.OPENAI_API_KEY?.trim());
}

/**
 * Writes the env provider into the providers table at start so it is listed, bucketed and
 * encrypted like any other. Runs only when the env names a base URL or a key. The env owns
 * the base URL and the key and makes sure its models exist; what an admin set on the row
 * since (name, on/off, per-model settings, extra models, overrides) is kept.
 */
export async function syncEnvProvider(): Promise<void> {
  if (!envDefinesProvider()) return;
  const baseUrl = process.env.OPENAI_BASE_URL?.trim();
  const apiKey = process.env.OPENAI_API_KEY?.trim();
  const ids = envModelIds();
  if (ids.length === 0) ids.push("gpt-4o-mini");
  const contextWindow = Number(process.env.LLM_CONTEXT_WINDOW) || 128_000;
  const envModels: ProviderModel[] = ids.map((id) => ({ id, type: "chat", contextWindow, enabled: true }));
  const owned = {
    baseUrl: (baseUrl || "https://api.openai.com/v1").replace(/\/$/, ""),
    apiKeyEncrypted: apiKey ? encryptSecret(apiKey) : null,
    source: "env" as const,
    updatedAt: new Date(),
  };
  await upsertSystemProvider(
    ENV_PROVIDER_ID,
    { name: "OpenAI-compatible (env)", models: envModels, enabled: true, ...owned },
    owned,
    (stored) => {
      const known = new Set(stored.map((m) => m.id));
      return [...stored, ...envModels.filter((m) => !known.has(m.id))];
    },
  );
  invalidateProviderCache();
}
