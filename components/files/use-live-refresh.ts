"use client";

import { useEffect, useRef } from "react";
import { useLatest } from "@/components/hooks/use-latest";

const INTERVAL_MS = 2_000;

/** Calls `refresh` every 2 s while `live` (a run is streaming) and once more when it ends. */
export function useLiveRefresh(refresh: () => Promise<void> | void, live: boolean) {
  const refreshRef = useLatest(refresh);
  const wasLive = useRef(live);

  useEffect(() => {
    if (wasLive.current && !live) void refreshRef.current();
    wasLive.current = live;
    if (!live) return;
    const timer = window.setInterval(() => void refreshRef.current(), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [live, refreshRef]);
}
