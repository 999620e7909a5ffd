import { ERROR_CODES, type ErrorBody, type ErrorCode } from "./error-codes";
import type { FieldIssue } from "./field-issues";

/**
 * The one error shape of the API: {"error": {"code": "<type>:<surface>", "message": "..."}}.
 * The codes and their statuses are declared in ./error-codes; the client and the tests reuse them.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** For bad input: the fields that were wrong, each with zod's issue code. */
    readonly fields?: FieldIssue[],
  ) {
    super(message);
    this.status = ERROR_CODES[code] ?? 500; // a code cast in from untyped data still answers an error
  }
}

/** The typed error body for a code, also for answers built outside `route()`. */
export function errorJson(code: ErrorCode, message: string, fields?: FieldIssue[]): ErrorBody {
  return { error: fields?.length ? { code, message, fields } : { code, message } };
}

/** `fields`: the client asked for field issues (FIELD_ISSUES_HEADER); others get `{code, message}` only. */
export function errorResponse(err: unknown, { fields = false }: { fields?: boolean } = {}): Response {
  if (err instanceof ApiError) {
    return Response.json(errorJson(err.code, err.message, fields ? err.fields : undefined), {
      status: err.status,
      headers: err.headers,
    });
  }
  console.error("[api] unexpected error", err);
  return Response.json(errorJson("internal:api", "Something went wrong on the server."), {
    status: 500,
  });
}
