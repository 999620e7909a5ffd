"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { apiFetch } from "@/components/api/client";
import type { ThreadStatus, ThreadSummary } from "@/components/api/types";
import { useReportError } from "@/components/hooks/use-report-error";

type ThreadsContextValue = {
  threads: ThreadSummary[];
  loaded: boolean;
  refresh: () => Promise<void>;
  /** Shows a thread before the server lists it (first message of a new chat). */
  upsertLocal: (thread: ThreadSummary) => void;
  rename: (id: string, title: string) => Promise<void>;
  remove: (id: string) => Promise<boolean>;
  /**
   * The open chat's own view of its run (null when it closes): the sidebar shows it instead of
   * the last listed status, so its dot starts and stops with the stream, not with the next poll.
   */
  showLiveStatus: (id: string, status: ThreadStatus | null) => void;
};

const ThreadsContext = createContext<ThreadsContextValue | null>(null);

/** While some thread runs, the list is re-read so its dot clears when the run ends. */
const RUNNING_POLL_MS = 4000;
const OPTIMISTIC_TTL_MS = 30_000;

function newestFirst(threads: ThreadSummary[]): ThreadSummary[] {
  return [...threads].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

export function ThreadsProvider({ children }: { children: ReactNode }) {
  const [threads, setThreads] = useState<ThreadSummary[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [liveStatus, setLiveStatus] = useState<Record<string, ThreadStatus>>({});
  const reportError = useReportError();
  const inFlight = useRef<Promise<void> | null>(null);

  const refresh = useCallback(() => {
    inFlight.current ??= apiFetch<ThreadSummary[]>("/api/threads")
      .then((list) => {
        setThreads((current) => {
          // Keep a just-created thread the server does not list yet, for a short while.
          const listed = new Set(list.map((t) => t.id));
          const pending = current.filter(
            (t) => !listed.has(t.id) && Date.now() - Date.parse(t.updatedAt) < OPTIMISTIC_TTL_MS,
          );
          return newestFirst([...list, ...pending]);
        });
        setLoaded(true);
      })
      .catch((error: unknown) => {
        setLoaded(true);
        reportError(error);
      })
      .finally(() => {
        inFlight.current = null;
      });
    return inFlight.current;
  }, [reportError]);

  useEffect(() => {
    void refresh();
    const onFocus = () => void refresh();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [refresh]);

  const anyRunning = threads.some((t) => t.status === "running");
  useEffect(() => {
    if (!anyRunning) return;
    const timer = window.setInterval(() => void refresh(), RUNNING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [anyRunning, refresh]);

  const upsertLocal = useCallback((thread: ThreadSummary) => {
    setThreads((current) => newestFirst([thread, ...current.filter((t) => t.id !== thread.id)]));
  }, []);

  const rename = useCallback(
    async (id: string, title: string) => {
      const previous = threads;
      setThreads((current) => current.map((t) => (t.id === id ? { ...t, title } : t)));
      try {
        await apiFetch(`/api/threads/${encodeURIComponent(id)}`, { method: "PATCH", body: JSON.stringify({ title }) });
      } catch (error) {
        setThreads(previous);
        reportError(error);
      }
    },
    [threads, reportError],
  );

  const remove = useCallback(
    async (id: string) => {
      try {
        await apiFetch(`/api/threads/${encodeURIComponent(id)}`, { method: "DELETE" });
        setThreads((current) => current.filter((t) => t.id !== id));
        return true;
      } catch (error) {
        reportError(error);
        return false;
      }
    },
    [reportError],
  );

  const showLiveStatus = useCallback((id: string, status: ThreadStatus | null) => {
    setLiveStatus((current) => {
      if ((current[id] ?? null) === status) return current;
      const next = { ...current };
      if (status) next[id] = status;
      else delete next[id];
      return next;
    });
  }, []);

  const shown = useMemo(
    () =>
      threads.map((thread) => {
        const live = liveStatus[thread.id];
        return live && live !== thread.status ? { ...thread, status: live } : thread;
      }),
    [threads, liveStatus],
  );

  const value = useMemo(
    () => ({ threads: shown, loaded, refresh, upsertLocal, rename, remove, showLiveStatus }),
    [shown, loaded, refresh, upsertLocal, rename, remove, showLiveStatus],
  );
  return <ThreadsContext.Provider value={value}>{children}</ThreadsContext.Provider>;
}

export function useThreads(): ThreadsContextValue {
  const value = useContext(ThreadsContext);
  if (!value) throw new Error("useThreads must be used inside <ThreadsProvider>");
  return value;
}
