"use client";

import { useCallback, useEffect, useState } from "react";
import { useReportError } from "@/components/hooks/use-report-error";
import { kbsApi, type KbMindmap } from "./api";

const POLL_MS = 1500;

/**
 * A knowledge base's mind map, polled while it is being generated. `generate` queues a new one;
 * its failure (no indexed document, no model) is kept for the panel to show, not toasted.
 */
export function useKbMindmap(kbId: string) {
  const reportError = useReportError();
  const [map, setMap] = useState<KbMindmap | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const [requestError, setRequestError] = useState<unknown>(null);

  const load = useCallback(async () => {
    try {
      setMap(await kbsApi.mindmap(kbId));
    } catch (error) {
      setLoadFailed(true);
      reportError(error);
    }
  }, [kbId, reportError]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loads on mount; state is set when the request resolves
    void load();
  }, [load]);

  // Each answer schedules the next poll; a failed poll stops (its error was reported).
  const generating = map?.status === "generating";
  useEffect(() => {
    if (!generating) return;
    const timer = setTimeout(() => void load(), POLL_MS);
    return () => clearTimeout(timer);
  }, [generating, map, load]);

  const generate = useCallback(async () => {
    setRequesting(true);
    setRequestError(null);
    try {
      setMap(await kbsApi.generateMindmap(kbId));
    } catch (error) {
      setRequestError(error);
    } finally {
      setRequesting(false);
    }
  }, [kbId]);

  return { map, loadFailed, generating, requesting, requestError, generate };
}
