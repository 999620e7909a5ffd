import type { ProviderModel } from "@/lib/db/schema";
import { callProvider, type ProbeError } from "./provider-http";
import { DEFAULT_CONTEXT_WINDOW } from "./providers";

/** "Test connection" and "Fetch models" for an OpenAI-compatible endpoint. */

type ChatProbe = { ok: boolean; model: string; latencyMs: number; error?: ProbeError };

export type ProbeResult = {
  ok: boolean;
  /** Model ids the endpoint lists (GET /models). */
  models: string[];
  latencyMs: number;
  /** A 1-token completion on the first enabled chat model, when there is one. */
  chat?: ChatProbe;
  error?: ProbeError;
};

export type ProbeTarget = { baseUrl: string; apiKey: string | null; models: ProviderModel[] };
type Options = { timeoutMs?: number };

export type RemoteModels =
  { ok: true; ids: string[]; latencyMs: number } | { ok: false; error: ProbeError; latencyMs: number };

/** GET <baseUrl>/models: the ids, deduplicated and sorted. */
export async function listRemoteModels(target: Omit<ProbeTarget, "models">, opts: Options = {}): Promise<RemoteModels> {
  const call = await callProvider(target, "/models", { method: "GET", timeoutMs: opts.timeoutMs });
  if (!call.ok) return call;
  const ids = modelIdsOf(call.body);
  if (!ids) {
    const message =
      "The answer to GET /models is not an OpenAI-style model list. Check that the base URL points at the API (usually ending in /v1).";
    return { ok: false, error: { kind: "invalid_response", status: call.status, message }, latencyMs: call.latencyMs };
  }
  return { ok: true, ids, latencyMs: call.latencyMs };
}

export async function probeProvider(target: ProbeTarget, opts: Options = {}): Promise<ProbeResult> {
  const chatModel = target.models.find((m) => m.type === "chat" && m.enabled)?.id;
  const [remote, chat] = await Promise.all([
    listRemoteModels(target, opts),
    chatModel ? probeChat(target, chatModel, opts) : Promise.resolve(undefined),
  ]);
  return {
    ok: remote.ok && (chat?.ok ?? true),
    models: remote.ok ? remote.ids : [],
    latencyMs: remote.latencyMs,
    ...(chat && { chat }),
    ...(!remote.ok && { error: remote.error }),
  };
}

/**
 * Streams as the runtime does (some endpoints refuse thinking models without streaming) and
 * asks for one token. Request overrides are not sent: a thinking budget cannot fit one token.
 */
async function probeChat(target: ProbeTarget, model: string, opts: Options): Promise<ChatProbe> {
  const json = {
    model,
    messages: [{ role: "user", content: "Reply with OK." }],
    max_tokens: 1,
    stream: true,
    stream_options: { include_usage: true },
  };
  const call = await callProvider(target, "/chat/completions", { method: "POST", json, timeoutMs: opts.timeoutMs });
  if (!call.ok) return { ok: false, model, latencyMs: call.latencyMs, error: call.error };
  if (errorInStream(call.body)) {
    const message =
      "The provider answered 200 but reported an error inside the stream (often a model id it does not serve, or an exhausted quota).";
    return { ok: false, model, latencyMs: call.latencyMs, error: { kind: "invalid_response", message } };
  }
  return { ok: true, model, latencyMs: call.latencyMs };
}

/** Some providers answer 200 and put the error in the stream. Only whether: its words are not shown (see provider-http.ts). */
function errorInStream(body: string): boolean {
  for (const line of body.split("\n")) {
    const data = line.startsWith("data:") ? line.slice(5).trim() : line.trim().startsWith("{") ? line.trim() : "";
    if (!data || data === "[DONE]") continue;
    try {
      if ((JSON.parse(data) as { error?: unknown }).error) return true;
    } catch {
      // A partial or non-JSON line is not an error report.
    }
  }
  return false;
}

function modelIdsOf(body: string): string[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { data?: unknown })?.data;
  if (!Array.isArray(list)) return null;
  const ids = list
    .map((m) => (typeof m === "string" ? m : (m as { id?: unknown })?.id))
    .filter((id): id is string => typeof id === "string" && id.trim() !== "");
  return [...new Set(ids.map((id) => id.trim()))].sort((a, b) => a.localeCompare(b));
}

/** Embedding and rerank models say so in their ids (text-embedding-3-small, bge-m3, bge-reranker-v2-m3). */
export function guessModelType(id: string): ProviderModel["type"] {
  if (/rerank/i.test(id)) return "rerank";
  return /embed|\bbge\b|\be5-|\bgte-/i.test(id) ? "embedding" : "chat";
}

/**
 * Adds remote ids the provider lacks, disabled, after the local entries. Local entries keep
 * their settings, also when the remote no longer lists them (the admin removes those).
 */
export function mergeRemoteModels(
  local: ProviderModel[],
  remoteIds: string[],
): { models: ProviderModel[]; added: string[] } {
  const known = new Set(local.map((m) => m.id));
  // Ids our rules cannot store (spaces, very long) are skipped rather than failing the refresh.
  const added = remoteIds.filter((id) => !known.has(id) && /^\S{1,200}$/.test(id));
  const fresh = added.map<ProviderModel>((id) => ({
    id,
    type: guessModelType(id),
    contextWindow: DEFAULT_CONTEXT_WINDOW,
    enabled: false,
  }));
  return { models: [...local, ...fresh], added };
}
