import { getDb } from "@/lib/db/client";
import { providers, type ProviderModel } from "@/lib/db/schema";
import { encryptSecret } from "@/lib/config/crypto";
import { eq } from "drizzle-orm";

/** The provider bootstrapped from OPENAI_BASE_URL / OPENAI_API_KEY / LLM_MODEL. */
export const ENV_PROVIDER_ID = "openai";

function envModelIds(): string[] {
  const ids = [process.env.LLM_MODEL, process.env.LLM_FALLBACK_MODEL, ...(process.env.LLM_FALLBACK_CHAIN ?? "").split(",")]
    .map((s) => s?.trim())
    .filter((s): s is string => Boolean(s))
    // Fallback entries naming another provider (`other:model`) are not models of this one.
    .filter((s) => !s.includes(":") || s.startsWith(`${ENV_PROVIDER_ID}:`))
    .map((s) => s.replace(new RegExp(`^${ENV_PROVIDER_ID}:`), ""));
  return [...new Set(ids)];
}

/**
 * Writes the env provider into the providers table at start so it is listed, bucketed and
 * encrypted like any other. Runs only when the env names a base URL or a key.
 */
export async function syncEnvProvider(): Promise<void> {
  const baseUrl = process.env.OPENAI_BASE_URL?.trim();
  const apiKey = process.env.OPENAI_API_KEY?.trim();
  if (!baseUrl && !apiKey) return;
  const ids = envModelIds();
  if (ids.length === 0) ids.push("gpt-4o-mini");
  const contextWindow = Number(process.env.LLM_CONTEXT_WINDOW) || 128_000;
  const models: ProviderModel[] = ids.map((id) => ({ id, type: "chat", contextWindow, enabled: true }));
  const values = {
    name: "OpenAI-compatible (env)",
    baseUrl: (baseUrl || "https://api.openai.com/v1").replace(/\/$/, ""),
    apiKeyEncrypted: apiKey ? encryptSecret(apiKey) : null,
    models,
    source: "env" as const,
    enabled: true,
    updatedAt: new Date(),
  };
  const db = await getDb();
  const existing = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, ENV_PROVIDER_ID));
  if (existing.length) await db.update(providers).set(values).where(eq(providers.id, ENV_PROVIDER_ID));
  else await db.insert(providers).values({ id: ENV_PROVIDER_ID, ...values });
}
