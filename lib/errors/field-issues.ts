import type { z } from "zod";

/**
 * One problem with one field of a request, machine-readable so a client can put it on the
 * field in the user's language: `path` ("password", "sharing.read"), zod's issue `code`
 * ("too_small", "too_big", "invalid_format", "invalid_type", "invalid_value", "custom"), the
 * English `message`, and the bound a size issue was measured against.
 */
/**
 * The request header that asks for `error.fields`. Opt-in: the API's error body stays exactly
 * `{code, message}` for every client that does not ask (docs/API.md, "Errors"), and the app's own fetch asks.
 */
export const FIELD_ISSUES_HEADER = "x-error-fields";

export type FieldIssue = {
  path: string;
  code: string;
  message: string;
  /** What was measured: "string" (characters), "number", "array" (items)… */
  origin?: string;
  minimum?: number;
  maximum?: number;
  /** A custom check's own message key (`params: { i18n }` on the refinement). */
  key?: string;
  /** The values the keyed message names (a refused upload: the archive, the entry, the limit). */
  values?: Record<string, string | number>;
  /** For `invalid_format`: which format ("url", "email", "regex"…). */
  format?: string;
};

export function fieldIssues(error: z.ZodError, limit = 20): FieldIssue[] {
  return error.issues.slice(0, limit).map((issue) => {
    const out: FieldIssue = { path: issue.path.map(String).join("."), code: issue.code, message: issue.message };
    if (issue.code === "too_small" || issue.code === "too_big") {
      out.origin = issue.origin;
      const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
      if (typeof bound === "number") out[issue.code === "too_small" ? "minimum" : "maximum"] = bound;
    }
    if (issue.code === "custom" && typeof issue.params?.i18n === "string") out.key = issue.params.i18n;
    if (issue.code === "invalid_format") out.format = issue.format;
    return out;
  });
}

/** "Invalid body: password: Too small: expected string to have >=8 characters" */
export function describeIssues(error: z.ZodError, where: string): string {
  const issues = error.issues.slice(0, 5).map((issue) => {
    const field = issue.path.map(String).join(".");
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return `Invalid ${where}: ${issues.join("; ")}`;
}
