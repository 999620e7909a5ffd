"use client";

import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { apiFetch } from "@/components/api/client";
import type { ModelsResponse } from "@/components/api/types";
import { useReportError } from "@/components/hooks/use-report-error";

type ModelsContextValue = ModelsResponse & { loaded: boolean };

const EMPTY: ModelsContextValue = { models: [], defaultSpec: null, demo: false, loaded: false };
const ModelsContext = createContext<ModelsContextValue>(EMPTY);

/** Reads `GET /api/models` once per page load; the picker and the demo banner share it. */
export function ModelsProvider({ children }: { children: ReactNode }) {
  const [value, setValue] = useState<ModelsContextValue>(EMPTY);
  const reportError = useReportError();

  useEffect(() => {
    let cancelled = false;
    apiFetch<ModelsResponse>("/api/models")
      .then((response) => {
        if (!cancelled) setValue({ ...EMPTY, ...response, loaded: true });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setValue({ ...EMPTY, loaded: true });
        reportError(error);
      });
    return () => {
      cancelled = true;
    };
  }, [reportError]);

  return <ModelsContext.Provider value={value}>{children}</ModelsContext.Provider>;
}

export function useModels(): ModelsContextValue {
  return useContext(ModelsContext);
}
