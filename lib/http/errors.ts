/**
 * The one error shape of the API: {"error": {"code": "<type>:<surface>", "message": "..."}}.
 * Each type has one status; the client and the tests reuse the codes.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;
export type ErrorCode = `${ErrorType}:${string}`;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code.split(":")[0] as ErrorType] ?? 500;
  }
}

export function errorResponse(err: unknown): Response {
  if (err instanceof ApiError) {
    return Response.json(
      { error: { code: err.code, message: err.message } },
      { status: err.status, headers: err.headers },
    );
  }
  console.error("[api] unexpected error", err);
  return Response.json(
    { error: { code: "internal:api", message: "Something went wrong on the server." } },
    { status: 500 },
  );
}
