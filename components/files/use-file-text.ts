"use client";

import { useEffect, useState } from "react";
import { parseApiError } from "@/components/api/client";

/** Text previews stop here; the rest is a download away. */
const MAX_PREVIEW_CHARS = 400_000;

type TextState =
  { status: "loading" } | { status: "ready"; text: string; truncated: boolean } | { status: "failed"; message: string };

/** The text of a file for its preview, read again when `version` changes (the file was rewritten). */
export function useFileText(url: string, version: string | undefined, enabled: boolean): TextState {
  const [state, setState] = useState<TextState>({ status: "loading" });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetch(url, { credentials: "same-origin", cache: "no-store", signal: controller.signal })
      .then(async (response) => {
        const body = await response.text();
        if (!response.ok) throw parseApiError(response.status, body);
        const truncated = body.length > MAX_PREVIEW_CHARS;
        setState({ status: "ready", text: truncated ? body.slice(0, MAX_PREVIEW_CHARS) : body, truncated });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: "failed", message: error instanceof Error ? error.message : "" });
      });
    return () => controller.abort();
  }, [url, version, enabled]);

  return state;
}
