/** Fetch wrapper for the JSON API: throws ApiClientError carrying the typed error code. */

import { FIELD_ISSUES_HEADER, type FieldIssue } from "@/lib/errors/field-issues";
import type { ErrorCode } from "@/lib/errors/error-codes";

/**
 * A declared API code, or a failure the client detects itself: `http:<status>` for an answer
 * without our error shape (a proxy's HTML page), an unreadable success body, no network, an abort.
 */
export type ClientErrorCode = ErrorCode | `http:${number}` | "http:bad_response" | "network" | "aborted";

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: ClientErrorCode,
    message: string,
    /** For bad input: which fields were wrong and how (the server's `error.fields`). */
    readonly fields: FieldIssue[] = [],
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

type ErrorBody = { error?: { code?: unknown; message?: unknown; fields?: unknown } };

const isFieldIssue = (value: unknown): value is FieldIssue =>
  !!value &&
  typeof (value as FieldIssue).path === "string" &&
  typeof (value as FieldIssue).code === "string" &&
  typeof (value as FieldIssue).message === "string";

/** Reads `{"error": {code, message}}` out of a response body (or its raw text). */
export function parseApiError(status: number, body: string): ApiClientError {
  try {
    const parsed = JSON.parse(body) as ErrorBody;
    // The server answers only declared codes (ApiError takes an ErrorCode).
    const code =
      typeof parsed.error?.code === "string" ? (parsed.error.code as ErrorCode) : (`http:${status}` as const);
    const message = typeof parsed.error?.message === "string" ? parsed.error.message : "";
    const fields = Array.isArray(parsed.error?.fields) ? parsed.error.fields.filter(isFieldIssue) : [];
    return new ApiClientError(status, code, message, fields);
  } catch {
    return new ApiClientError(status, `http:${status}`, "");
  }
}

export async function apiFetch<T>(url: string, init?: RequestInit): Promise<T> {
  const headers = new Headers(init?.headers);
  if (init?.body && !headers.has("content-type")) headers.set("content-type", "application/json");
  // Bad input comes back with its field issues, for forms to put on their fields.
  headers.set(FIELD_ISSUES_HEADER, "1");
  const response = await fetch(url, { ...init, headers, credentials: "same-origin" });
  if (!response.ok) throw parseApiError(response.status, await response.text());
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The chat transport throws `new Error(responseText)` for non-2xx answers; recover the
 * typed error from that text when it is our JSON shape.
 */
export function apiErrorFromChatError(error: Error): ApiClientError | null {
  if (error instanceof ApiClientError) return error;
  const text = error.message.trim();
  if (!text.startsWith("{")) return null;
  const parsed = parseApiError(0, text);
  return parsed.code.startsWith("http:") ? null : parsed;
}
