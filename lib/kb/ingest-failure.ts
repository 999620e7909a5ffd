import { PermanentJobError } from "@/lib/jobs/runner";

import type { IngestFailureCode } from "@/lib/db/kb-schema";

// The codes are stored with the document (lib/db/kb-schema.ts declares them).
export type { IngestFailureCode };

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
