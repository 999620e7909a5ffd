"use client";

import { useCallback, useEffect, useState } from "react";
import { apiFetch } from "@/components/api/client";

export type ApiList<T> = {
  items: T[] | null;
  error: unknown;
  reload: () => Promise<void>;
};

/** Loads a JSON array from `url` on mount; `reload` after a change. `items` is null until the first load. */
export function useApiList<T>(url: string): ApiList<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(async () => {
    try {
      setItems(await apiFetch<T[]>(url));
      setError(null);
    } catch (err) {
      setError(err);
    }
  }, [url]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { items, error, reload };
}
