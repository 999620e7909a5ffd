import { isGraphBubbleUp } from "@langchain/langgraph";

/** What the retry/fallback policy (model-retry-fallback.ts) needs to know about a failed model call. */
export type ModelErrorClass = {
  status: number | null;
  retryable: boolean;
  /** Overloaded / unavailable: counts towards switching to a fallback model. */
  overload: boolean;
  retryAfterMs: number | null;
  aborted: boolean;
  contextOverflow: boolean;
  message: string;
};

const RETRYABLE_STATUS = new Set([408, 409, 500, 502, 503, 504, 529]);
const OVERLOAD_STATUS = new Set([502, 503, 504, 529]);
const CONNECTION_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "ETIMEDOUT", "EPIPE", "UND_ERR_SOCKET", "EAI_AGAIN"]);

/** Middleware wraps errors; the provider's error (with status and headers) sits in `cause`. */
function rootError(err: unknown): unknown {
  let cur = err;
  for (let i = 0; i < 5 && cur instanceof Error && "~brand" in cur && cur.cause; i++) cur = cur.cause;
  return cur;
}

function headerValue(headers: unknown, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  const rec = headers as Record<string, unknown>;
  const v = rec[name] ?? rec[name.toLowerCase()];
  return typeof v === "string" ? v : null;
}

export function parseRetryAfter(headers: unknown, now = Date.now()): number | null {
  const ms = headerValue(headers, "retry-after-ms");
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const v = headerValue(headers, "retry-after");
  if (!v) return null;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Math.max(0, Number(v) * 1000);
  const date = Date.parse(v);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function isConnectionError(e: Error & { code?: string; cause?: unknown }): boolean {
  if (e.name === "TimeoutError" || e.name === "APIConnectionError" || e.name === "APIConnectionTimeoutError")
    return true;
  if (e.code && CONNECTION_CODES.has(e.code)) return true;
  if (/terminated|socket hang up|fetch failed|premature close|other side closed|network/i.test(e.message)) return true;
  const cause = e.cause as (Error & { code?: string }) | undefined;
  return Boolean(cause && cause !== e && cause instanceof Error && isConnectionError(cause));
}

export function classifyModelError(err: unknown): ModelErrorClass {
  const e = rootError(err);
  const base: ModelErrorClass = {
    status: null,
    retryable: false,
    overload: false,
    retryAfterMs: null,
    aborted: false,
    contextOverflow: false,
    message: e instanceof Error ? e.message : String(e),
  };
  if (isGraphBubbleUp(e) || isGraphBubbleUp(err)) return base;
  if (!(e instanceof Error)) return base;
  if (e.name === "AbortError" || /aborted|abort/i.test(e.name)) return { ...base, aborted: true };
  if (e.name === "ContextOverflowError" || /context.{0,20}(length|window)|maximum context/i.test(e.message)) {
    return { ...base, contextOverflow: true, status: 400 };
  }
  const status =
    typeof (e as { status?: unknown }).status === "number" ? (e as unknown as { status: number }).status : null;
  if (status !== null) {
    const retryAfterMs = parseRetryAfter((e as { headers?: unknown }).headers);
    const retryable = RETRYABLE_STATUS.has(status) || (status === 429 && retryAfterMs !== null);
    return { ...base, status, retryAfterMs, retryable, overload: OVERLOAD_STATUS.has(status) };
  }
  if (isConnectionError(e)) return { ...base, retryable: true };
  return base;
}
