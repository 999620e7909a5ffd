import type { IngestFailureCode } from "../ingest-failure";

/**
 * Why a document cannot be read, thrown where it is parsed (a worker thread, parse-worker.ts): it
 * imports nothing, so the worker does not load the job runner or the database. The ingestion job
 * turns it into an IngestFailure with the same code.
 */
/** By name: the class may come from another bundle's copy of this module (see isZipRefused). */
export const isParseFailure = (err: unknown): err is ParseFailure =>
  err instanceof Error && err.name === "ParseFailure";

export class ParseFailure extends Error {
  readonly name = "ParseFailure";
  constructor(
    readonly code: IngestFailureCode,
    message: string,
  ) {
    super(message);
  }
}
