"use client";

import { useCallback, useEffect, useReducer } from "react";
import { apiFetch } from "@/components/api/client";
import { useLatest } from "./use-latest";

type Identified = { id: string };

export type ApiList<T extends Identified> = {
  /** Null until the first load answers (and after a first load that failed). */
  items: T[] | null;
  error: unknown;
  reload: () => Promise<void>;
  /** Puts an item a write returned into the list: replaces the old copy, or appends. */
  upsert: (item: T) => void;
  drop: (id: string) => void;
};

type State<T> = { items: T[] | null; error: unknown };
type Action<T> =
  | { type: "loaded"; items: T[] }
  | { type: "failed"; error: unknown }
  | { type: "upsert"; item: T }
  | { type: "drop"; id: string };

function reduce<T extends Identified>(state: State<T>, action: Action<T>): State<T> {
  switch (action.type) {
    case "loaded":
      return { items: action.items, error: null };
    case "failed":
      return { ...state, error: action.error };
    case "upsert": {
      const list = state.items ?? [];
      const { item } = action;
      const items = list.some((i) => i.id === item.id)
        ? list.map((i) => (i.id === item.id ? item : i))
        : [...list, item];
      return { ...state, items };
    }
    case "drop":
      return { ...state, items: state.items?.filter((i) => i.id !== action.id) ?? null };
  }
}

/**
 * Loads a JSON array from `url` on mount; `reload` after a change, or keep it in step with each
 * write's answer (`upsert`, `drop`). `onError` also hears a failed load (e.g. to toast it).
 */
export function useApiList<T extends Identified>(
  url: string,
  opts: { onError?: (error: unknown) => void } = {},
): ApiList<T> {
  const [state, dispatch] = useReducer(reduce<T>, { items: null, error: null });
  const onError = useLatest(opts.onError);

  // State changes only when the request settles, never synchronously in the effect.
  const load = useCallback(
    () =>
      apiFetch<T[]>(url).then(
        (items) => dispatch({ type: "loaded", items }),
        (error: unknown) => {
          dispatch({ type: "failed", error });
          onError.current?.(error);
        },
      ),
    [url, onError],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const upsert = useCallback((item: T) => dispatch({ type: "upsert", item }), []);
  const drop = useCallback((id: string) => dispatch({ type: "drop", id }), []);
  return { items: state.items, error: state.error, reload: load, upsert, drop };
}
