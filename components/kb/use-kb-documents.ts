"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useLatest } from "@/components/hooks/use-latest";
import { useReportError } from "@/components/hooks/use-report-error";
import { kbsApi, type KbDocument } from "./api";
import { anyInProgress } from "./document-status";

const POLL_MS = 1000;

/**
 * The documents of one knowledge base, polled every second while any is still being parsed or
 * indexed; `onSettled` hears when the last one reaches a final state (to refresh the counts).
 */
export function useKbDocuments(kbId: string, onSettled: () => void) {
  const reportError = useReportError();
  const [docs, setDocs] = useState<KbDocument[] | null>(null);
  const settled = useLatest(onSettled);
  const wasPolling = useRef(false);
  // Bumped by upsert and drop: a list requested before a write is stale when it arrives.
  const writes = useRef(0);

  const load = useCallback(async () => {
    try {
      let seen: number;
      let list: KbDocument[];
      do {
        seen = writes.current;
        list = await kbsApi.documents(kbId);
      } while (writes.current !== seen);
      setDocs(list);
    } catch (error) {
      setDocs((current) => current ?? []);
      reportError(error);
    }
  }, [kbId, reportError]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loads on mount; state is set when the request resolves
    void load();
  }, [load]);

  // Each answer schedules the next poll, so a slow answer never overlaps the next request.
  const polling = docs !== null && anyInProgress(docs);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => void load(), POLL_MS);
    return () => clearTimeout(timer);
  }, [polling, docs, load]);

  useEffect(() => {
    if (wasPolling.current && !polling) settled.current();
    wasPolling.current = polling;
  }, [polling, settled]);

  /** Puts documents a write returned into the list: replaces old copies, appends new ones. */
  const upsert = useCallback((changed: KbDocument[]) => {
    writes.current += 1;
    setDocs((current) => {
      const list = current ?? [];
      const byId = new Map(changed.map((d) => [d.id, d]));
      const kept = list.map((d) => byId.get(d.id) ?? d);
      return [...kept, ...changed.filter((d) => !list.some((old) => old.id === d.id))];
    });
  }, []);

  const drop = useCallback((id: string) => {
    writes.current += 1;
    setDocs((current) => current?.filter((d) => d.id !== id) ?? null);
  }, []);

  return { docs, polling, reload: load, upsert, drop };
}
