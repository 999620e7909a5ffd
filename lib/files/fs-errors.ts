import { ApiError } from "@/lib/errors/api-error";
import { PathRefused } from "@/lib/workspace/virtual-path";
import { ReadOnlyPath } from "@/lib/workspace/backend";
import { StoreConflict, StoreNotFound } from "@/lib/workspace/store/types";
import { QuotaExceeded } from "@/lib/workspace/store/quota";
import { UnsupportedFileType } from "./sniff";

/** Runs a workspace operation for a route; storage refusals become the API's error shape. */
export async function withFileErrors<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    throw asFileApiError(err);
  }
}

export function asFileApiError(err: unknown): unknown {
  if (err instanceof PathRefused) return new ApiError("bad_request:path", err.message);
  if (err instanceof ReadOnlyPath) return new ApiError("forbidden:path", err.message);
  if (err instanceof StoreNotFound) return new ApiError("not_found:file", "This file or folder does not exist.");
  if (err instanceof StoreConflict) return new ApiError("conflict:file", err.message);
  if (err instanceof QuotaExceeded) return new ApiError("too_large:quota", err.message);
  if (err instanceof UnsupportedFileType) return new ApiError("unsupported_type:upload", err.message);
  return err;
}
