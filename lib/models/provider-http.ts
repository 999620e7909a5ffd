/**
 * One request to an OpenAI-compatible endpoint for the admin's connection checks, with the
 * failure turned into something an admin can act on. Messages are fixed sentences: the key
 * never appears in one, and neither does the upstream's answer (echoing it would let whoever
 * sets the base URL read any page the server can reach).
 */

type ProbeErrorKind =
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "rate_limited"
  | "server_error"
  | "http_error"
  | "invalid_response"
  | "timeout"
  | "dns"
  | "refused"
  | "tls"
  | "network";

export type ProbeError = { kind: ProbeErrorKind; status?: number; message: string };

export type ProviderCall =
  { ok: true; status: number; body: string; latencyMs: number } | { ok: false; error: ProbeError; latencyMs: number };

const PROBE_TIMEOUT_MS = 10_000;

/** Failures another attempt cannot fix: the key or the model is wrong. */
export const isPermanentFailure = (error: ProbeError) =>
  error.kind === "unauthorized" || error.kind === "forbidden" || error.kind === "not_found";

export async function callProvider(
  conn: { baseUrl: string; apiKey: string | null },
  path: string,
  init: { method: "GET" | "POST"; json?: unknown; timeoutMs?: number },
): Promise<ProviderCall> {
  const url = `${conn.baseUrl}${path}`;
  const timeoutMs = init.timeoutMs ?? PROBE_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const headers: Record<string, string> = { accept: "application/json, text/event-stream" };
  if (conn.apiKey) headers.authorization = `Bearer ${conn.apiKey}`;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  try {
    const res = await fetch(url, {
      method: init.method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {}); // what a failing upstream says is never shown
      return { ok: false, error: httpError(res.status, url), latencyMs: elapsed() };
    }
    const body = await res.text(); // the timeout covers the body too
    return { ok: true, status: res.status, body, latencyMs: elapsed() };
  } catch (err) {
    return { ok: false, error: networkError(err, url, timeoutMs), latencyMs: elapsed() };
  }
}

function httpError(status: number, url: string): ProbeError {
  const at = (kind: ProbeErrorKind, message: string): ProbeError => ({ kind, status, message });
  if (status === 401) return at("unauthorized", "The provider rejected the API key (401). Check the key.");
  if (status === 403) return at("forbidden", "The key is not allowed to use this endpoint or model (403).");
  if (status === 404)
    return at(
      "not_found",
      `Nothing found at ${url} (404). Check the base URL (usually ending in /v1) and the model id.`,
    );
  if (status === 429)
    return at("rate_limited", "The provider is rate limiting this key (429). Try again later or check the quota.");
  if (status >= 500) return at("server_error", `The provider had an error (${status}).`);
  return at("http_error", `The provider answered HTTP ${status}.`);
}

function networkError(err: unknown, url: string, timeoutMs: number): ProbeError {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  const host = new URL(url).host;
  if (e?.name === "TimeoutError" || e?.name === "AbortError") {
    return { kind: "timeout", message: `No answer from ${host} within ${Math.round(timeoutMs / 1000)} s.` };
  }
  const code = e?.cause?.code ?? "";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return {
      kind: "dns",
      message: `The host name ${new URL(url).hostname} could not be resolved (${code}). Check the base URL.`,
    };
  }
  if (code === "ECONNREFUSED") {
    return {
      kind: "refused",
      message: `Connection refused by ${host}: nothing is listening there. Is the server running?`,
    };
  }
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
    return { kind: "tls", message: `The TLS certificate of ${host} was not accepted (${code}).` };
  }
  return {
    kind: "network",
    message: `Could not reach ${host}${code ? ` (${code})` : ""}. Check the base URL and that the server is up.`,
  };
}
