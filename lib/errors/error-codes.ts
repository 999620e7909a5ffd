import type { FieldIssue } from "./field-issues";

/**
 * Every error code the API answers, `<type>:<surface>`, with its HTTP status. The list is closed:
 * `ApiError`, the client and the tests accept only these, so a new code is declared here first.
 * Pure data, no imports: client components import the types from this module.
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

/** A code's status must be its type's status: checked by the compiler via `satisfies`. */
type StatusOfCodes<C> = {
  [K in keyof C]: K extends `${infer T extends ErrorType}:${string}` ? (typeof ERROR_STATUS)[T] : never;
};

export const ERROR_CODES = {
  "bad_request:agent": 400,
  "bad_request:api": 400,
  "bad_request:chat": 400,
  "bad_request:kb": 400,
  "bad_request:mcp": 400,
  "bad_request:model": 400,
  "bad_request:password": 400,
  "bad_request:path": 400,
  "bad_request:provider": 400,
  "bad_request:resume": 400,
  "bad_request:skill": 400,
  "bad_request:upload": 400,
  "bad_request:user": 400,

  "unauthorized:auth": 401,

  "forbidden:agent": 403,
  "forbidden:auth": 403,
  "forbidden:department": 403,
  "forbidden:kb": 403,
  "forbidden:mcp": 403,
  "forbidden:origin": 403,
  "forbidden:password": 403,
  "forbidden:path": 403,
  "forbidden:provider": 403,
  "forbidden:sharing": 403,
  "forbidden:skill": 403,
  "forbidden:token": 403,
  "forbidden:user": 403,

  "not_found:agent": 404,
  "not_found:department": 404,
  "not_found:file": 404,
  "not_found:kb": 404,
  "not_found:kb_document": 404,
  "not_found:message": 404,
  "not_found:mcp": 404,
  "not_found:mcp_tool": 404,
  "not_found:provider": 404,
  "not_found:run": 404,
  "not_found:session": 404,
  "not_found:skill": 404,
  "not_found:thread": 404,
  "not_found:task": 404,
  "not_found:token": 404,
  "not_found:user": 404,

  "conflict:agent": 409,
  "conflict:department": 409,
  "conflict:file": 409,
  "conflict:kb": 409,
  "conflict:mcp": 409,
  "conflict:provider": 409,
  "conflict:resume": 409,
  "conflict:run": 409,
  "conflict:skill": 409,
  "conflict:token": 409,
  "conflict:user": 409,

  "too_large:body": 413,
  "too_large:kb": 413,
  "too_large:quota": 413,
  "too_large:skill": 413,
  "too_large:upload": 413,

  "unsupported_type:upload": 415,

  "rate_limited:auth": 429,
  "rate_limited:chat": 429,
  "rate_limited:kb": 429,

  "internal:api": 500,
  "internal:file": 500,

  "bad_gateway:mcp": 502,
  "bad_gateway:provider": 502,

  "unavailable:db": 503,
} as const satisfies StatusOfCodes<Record<`${ErrorType}:${string}`, number>>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The JSON body of every error answer. */
/** `fields`: for bad input, which fields were wrong and how (lib/errors/field-issues.ts). */
export type ErrorBody = { error: { code: ErrorCode; message: string; fields?: FieldIssue[] } };

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}
