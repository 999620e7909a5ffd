import type { FieldIssue } from "@/lib/errors/field-issues";
import type { ZipRefused } from "./zip-read";

/**
 * A zip refusal for clients that ask for field issues: the reason's key (`zipRefusals.<key>`)
 * and values on the `file` field, so the app says it in the user's language; the English
 * sentence stays the error's message. `archive`: the uploaded zip's name, when the message names it.
 */
export function zipRefusalIssues(err: ZipRefused, archive?: string): FieldIssue[] {
  const values = archive === undefined ? err.reason.values : { ...err.reason.values, archive };
  return [{ path: "file", code: "custom", message: err.message, key: `zipRefusals.${err.reason.key}`, values }];
}
