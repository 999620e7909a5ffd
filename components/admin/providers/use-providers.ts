"use client";

import { useCallback, useEffect, useState } from "react";
import { useReportError } from "@/components/hooks/use-report-error";
import { providersApi, type ProviderView } from "./api";

/** The provider list of the admin screen: loaded once, then kept in step with each write's answer. */
export function useProviders() {
  const [providers, setProviders] = useState<ProviderView[] | null>(null);
  const reportError = useReportError();

  const reload = useCallback(async () => {
    try {
      setProviders(await providersApi.list());
    } catch (error) {
      setProviders((current) => current ?? []);
      reportError(error);
    }
  }, [reportError]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Puts a provider the server returned into the list (replacing the old copy, or appending). */
  const upsert = useCallback((view: ProviderView) => {
    setProviders((current) => {
      const list = current ?? [];
      return list.some((p) => p.id === view.id) ? list.map((p) => (p.id === view.id ? view : p)) : [...list, view];
    });
  }, []);

  const drop = useCallback((id: string) => setProviders((current) => current?.filter((p) => p.id !== id) ?? null), []);

  return { providers, reload, upsert, drop };
}
