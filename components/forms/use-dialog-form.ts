"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { z } from "zod";
import { ApiClientError } from "@/components/api/client";
import { fieldIssues } from "@/lib/http/field-issues";
import { useErrorMessage } from "./use-error-message";
import { issuesByField, useIssueText } from "./use-issue-text";

/**
 * The submit state of a dialog form: `check` runs the route's own schema in the browser and
 * puts each problem on its field; `run` sends, and a failure becomes the form's error line
 * (`known` maps error codes to friendlier text) or, for bad input the server names by field,
 * errors on those fields. All of it in the user's language. `close` forgets them before closing.
 */
export function useDialogForm(onClose: () => void) {
  const errorMessage = useErrorMessage();
  const issueText = useIssueText();
  const t = useTranslations("validation");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  function showIssues(issues: Parameters<typeof issuesByField>[0]) {
    setFieldErrors(Object.fromEntries(Object.entries(issuesByField(issues)).map(([f, i]) => [f, issueText(i)])));
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
    setError(null);
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
      if (err instanceof ApiClientError && err.fields.length) {
        showIssues(err.fields);
        setError(t("fixFields"));
      } else setError(errorMessage(err, known));
    } finally {
      setPending(false);
    }
  }

  return { pending, error, setError, fieldErrors, close, check, run };
}
