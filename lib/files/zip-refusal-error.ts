import { ApiError } from "@/lib/http/errors";
import type { ErrorCode } from "@/lib/http/error-codes";
import type { ZipRefused } from "./zip-read";

/**
 * A zip refusal as the API answers it: the English sentence in `message`, and for clients that
 * ask for field issues, the reason's key (`zipRefusals.<key>`) and values on the `file` field, so
 * the app says it in the user's language. `archive`: the uploaded zip's name, when the message
 * names it.
 */
export function zipRefusalError(code: ErrorCode, message: string, err: ZipRefused, archive?: string): ApiError {
  const values = archive === undefined ? err.reason.values : { ...err.reason.values, archive };
  return new ApiError(code, message, {}, [
    { path: "file", code: "custom", message: err.message, key: `zipRefusals.${err.reason.key}`, values },
  ]);
}
