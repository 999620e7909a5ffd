"use client";

import { useState } from "react";
import { useErrorMessage } from "./use-error-message";

/**
 * The submit state of a dialog form: `run` sends, and a failure becomes the form's error line
 * (`known` maps error codes to friendlier text). `close` forgets the error before closing.
 */
export function useDialogForm(onClose: () => void) {
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    onClose();
  }

  async function run(work: () => Promise<void>, known?: Record<string, string>) {
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err, known));
    } finally {
      setPending(false);
    }
  }

  return { pending, error, setError, close, run };
}
