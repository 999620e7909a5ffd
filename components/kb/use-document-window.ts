"use client";

import { useCallback, useEffect, useState } from "react";
import { kbsApi, type DocumentWindow } from "./api";

/** Characters fetched per request (the API allows up to 20000). */
const WINDOW_CHARS = 12_000;
/** Lines shown above a requested line, so it does not sit at the very top. */
const CONTEXT_LINES = 20;

/** The loaded stretch of a document: contiguous text from `offset` to `nextOffset`, first line `startLine`. */
export type LoadedText = Pick<
  DocumentWindow,
  "text" | "offset" | "nextOffset" | "startLine" | "totalLines" | "hasMore" | "hasPrevious"
>;

type State =
  | { status: "loading" }
  | { status: "failed"; error: unknown }
  | { status: "ready"; loaded: LoadedText; busy: "previous" | "more" | null };

/** Joins a window fetched just before the loaded text, dropping its first line when that line is cut. */
export function prependWindow(loaded: LoadedText, before: DocumentWindow): LoadedText {
  let { text, offset, startLine } = before;
  const cut = offset > 0 ? text.indexOf("\n") : -1;
  if (cut >= 0 && cut + 1 < text.length) {
    text = text.slice(cut + 1);
    offset += cut + 1;
    startLine += 1;
  }
  return { ...loaded, text: text + loaded.text, offset, startLine, hasPrevious: offset > 0 };
}

export function appendWindow(loaded: LoadedText, after: DocumentWindow): LoadedText {
  return { ...loaded, text: loaded.text + after.text, nextOffset: after.nextOffset, hasMore: after.hasMore };
}

/**
 * The parsed text of one document around a line, grown a window at a time either way
 * ("Load more" / "Show previous") with the content route's hasMore and hasPrevious.
 */
export function useDocumentWindow(kbId: string, docId: string, line: number | null) {
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    let cancelled = false;
    const from = Math.max(1, (line ?? 1) - CONTEXT_LINES);
    kbsApi.content(kbId, docId, { line: from }, WINDOW_CHARS).then(
      (w) => !cancelled && setState({ status: "ready", loaded: w, busy: null }),
      (error: unknown) => !cancelled && setState({ status: "failed", error }),
    );
    return () => {
      cancelled = true;
    };
  }, [kbId, docId, line]);

  const grow = useCallback(
    async (direction: "previous" | "more") => {
      if (state.status !== "ready" || state.busy) return;
      const { loaded } = state;
      setState({ ...state, busy: direction });
      try {
        if (direction === "more") {
          const after = await kbsApi.content(kbId, docId, { offset: loaded.nextOffset }, WINDOW_CHARS);
          setState({ status: "ready", loaded: appendWindow(loaded, after), busy: null });
        } else {
          const start = Math.max(0, loaded.offset - WINDOW_CHARS);
          const before = await kbsApi.content(kbId, docId, { offset: start }, loaded.offset - start);
          setState({ status: "ready", loaded: prependWindow(loaded, before), busy: null });
        }
      } catch (error) {
        setState({ status: "ready", loaded, busy: null });
        throw error;
      }
    },
    [kbId, docId, state],
  );

  return { state, grow };
}
