import type { FaultTurn } from "./turns";

/** OpenAI's error body; the openai SDK reads `error.message`, `type` and `code` from it. */
type OpenAiErrorBody = {
  error: { message: string; type: string; param: null; code: string | null };
};

type ErrorKind = { type: string; code: string; message: string };

// What real providers send for each status, so client code branching on them is exercised.
const KINDS: Record<number, ErrorKind> = {
  400: { type: "invalid_request_error", code: "invalid_request", message: "Invalid request." },
  401: { type: "invalid_request_error", code: "invalid_api_key", message: "Incorrect API key provided." },
  403: { type: "permission_error", code: "permission_denied", message: "Permission denied." },
  404: { type: "invalid_request_error", code: "not_found", message: "Not found." },
  408: { type: "timeout_error", code: "timeout", message: "Request timed out." },
  409: { type: "conflict_error", code: "conflict", message: "Conflict." },
  413: { type: "invalid_request_error", code: "request_too_large", message: "Request too large." },
  429: { type: "rate_limit_error", code: "rate_limit_exceeded", message: "Rate limit reached." },
  500: { type: "server_error", code: "internal_error", message: "The server had an error." },
  502: { type: "server_error", code: "bad_gateway", message: "Bad gateway." },
  503: { type: "server_error", code: "service_unavailable", message: "The engine is currently overloaded." },
  504: { type: "server_error", code: "gateway_timeout", message: "Gateway timeout." },
  529: { type: "overloaded_error", code: "overloaded", message: "The model is overloaded. Please try again later." },
};

function kindOf(status: number): ErrorKind {
  return (
    KINDS[status] ?? {
      type: status >= 500 ? "server_error" : "invalid_request_error",
      code: `http_${status}`,
      message: `Mock error ${status}.`,
    }
  );
}

export function errorResponse(
  status: number,
  detail: { message?: string; code?: string } = {},
  headers: Record<string, string> = {},
): Response {
  const kind = kindOf(status);
  const body: OpenAiErrorBody = {
    error: { message: detail.message ?? kind.message, type: kind.type, param: null, code: detail.code ?? kind.code },
  };
  return Response.json(body, { status, headers });
}

export function faultResponse({ fault }: FaultTurn): Response {
  const headers: Record<string, string> = {};
  if (fault.retryAfter !== undefined) headers["retry-after"] = String(fault.retryAfter);
  return errorResponse(fault.status, { message: fault.message, code: fault.code }, headers);
}

export function unauthorizedResponse(): Response {
  return errorResponse(401, {
    message: "Incorrect API key provided. Send it as `Authorization: Bearer <key>`.",
  });
}
