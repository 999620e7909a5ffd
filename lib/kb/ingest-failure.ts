import { PermanentJobError } from "@/lib/jobs/runner";

/**
 * Why a document failed to ingest, as a code the UI translates (messages `kbs.failure.<code>`);
 * the English message stays in the document's `error` for API clients and logs.
 */
export const INGEST_FAILURE_CODES = [
  "not_utf8",
  "csv_empty",
  "csv_unreadable",
  "json_invalid",
  "pdf_unreadable",
  "pdf_no_text",
  "docx_unreadable",
  "docx_no_text",
  "archive_refused",
  "text_too_large",
  "parse_timeout",
  "parse_memory",
  "no_text",
  "unsupported_type",
  "file_missing",
  "embedding_failed",
  "interrupted",
  "parse_failed",
  "index_failed",
] as const;
export type IngestFailureCode = (typeof INGEST_FAILURE_CODES)[number];

/** A failure no retry of the job can fix, with its code. */
export class IngestFailure extends PermanentJobError {
  constructor(
    readonly code: IngestFailureCode,
    message: string,
  ) {
    super(message);
  }
}

/** A failure another attempt may fix (a model call that timed out), with the code it has on the last one. */
export class RetryableIngestFailure extends Error {
  constructor(
    readonly code: IngestFailureCode,
    message: string,
  ) {
    super(message);
  }
}

/** The code of a failed job's last error: its own, or the stage's generic one. */
export function failureCode(cause: unknown, parsing: boolean): IngestFailureCode {
  if (cause instanceof IngestFailure || cause instanceof RetryableIngestFailure) return cause.code;
  if (cause === undefined) return "interrupted"; // the worker died on its last attempt
  return parsing ? "parse_failed" : "index_failed";
}
