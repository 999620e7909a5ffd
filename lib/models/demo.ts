import { DEMO_PROVIDER_ID } from "./model-constants";
import { derivedKey } from "@/lib/config/secrets";
import type { ProviderModel } from "@/lib/db/schema";

/**
 * The built-in `demo` provider: the repository's scripted OpenAI-compatible model server,
 * mounted inside the app at /api/demo-model/v1 (or at DEMO_MODEL_URL, e.g. the standalone
 * server the end-to-end tests drive). Used only while no real provider is configured.
 */
export { DEMO_PROVIDER_ID };

export const DEMO_MODELS: ProviderModel[] = [
  { id: "demo-chat", type: "chat", contextWindow: 65_536, enabled: true },
  { id: "demo-fallback", type: "chat", contextWindow: 65_536, enabled: true },
  { id: "demo-embedding", type: "embedding", enabled: true },
  { id: "demo-rerank", type: "rerank", enabled: true },
];

export function demoBaseUrl(): string {
  if (process.env.DEMO_MODEL_URL) return process.env.DEMO_MODEL_URL.replace(/\/$/, "");
  return `http://127.0.0.1:${process.env.PORT || 3000}/api/demo-model/v1`;
}

export function demoApiKey(): string {
  return derivedKey("demo-model");
}
