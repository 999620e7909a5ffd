"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { ApiClientError } from "@/components/api/client";
import { fieldIssues, type FieldIssue } from "@/lib/errors/field-issues";
import { useErrorMessage } from "./use-error-message";
import { issuesByField, useIssueText } from "./use-issue-text";

/**
 * Each field's first issue on the field when the form shows it (`fields`); the others, named,
 * in one line for the form's error line (`line`, null when there are none).
 */
export function placeIssues(
  issues: FieldIssue[],
  shown: readonly string[],
  text: (issue: FieldIssue) => string,
): { fields: Record<string, string>; line: string | null } {
  const byField = Object.entries(issuesByField(issues));
  const fields = Object.fromEntries(byField.filter(([f]) => shown.includes(f)).map(([f, issue]) => [f, text(issue)]));
  const rest = byField.filter(([f]) => !shown.includes(f)).map(([f, issue]) => `${f}: ${text(issue)}`);
  return { fields, line: rest.length ? rest.join(" ") : null };
}

/**
 * The submit state of a dialog form: `check` runs the route's own schema in the browser and
 * puts each problem on its field; `run` sends, and a failure becomes the form's error line
 * (`known` maps error codes to friendlier text) or, for bad input the server names by field,
 * errors on the fields the form shows (`shown`; a problem with any other field goes to the
 * error line, named). All of it in the user's language. `close` forgets them before closing.
 */
export function useDialogForm(onClose: () => void, shown: readonly string[] = []) {
  const errorMessage = useErrorMessage();
  const issueText = useIssueText();
  const t = useTranslations("validation");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  function showIssues(issues: FieldIssue[]) {
    const placed = placeIssues(issues, shown, issueText);
    setFieldErrors(placed.fields);
    setError(placed.line ?? (Object.keys(placed.fields).length ? t("fixFields") : null));
  }

  function close() {
    setError(null);
    setFieldErrors({});
    onClose();
  }

  /** The parsed body when the schema accepts it; otherwise null, with the fields marked. */
  function check<S extends z.ZodType>(schema: S, body: unknown): z.output<S> | null {
    const result = schema.safeParse(body);
    if (result.success) {
      setFieldErrors({});
      return result.data;
    }
    showIssues(fieldIssues(result.error));
    return null;
  }

  async function run(work: () => Promise<void>, known?: Record<string, string>) {
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      await work();
    } catch (err) {
      if (err instanceof ApiClientError && err.fields.length) showIssues(err.fields);
      else setError(errorMessage(err, known));
    } finally {
      setPending(false);
    }
  }

  return { pending, error, setError, fieldErrors, close, check, run };
}
