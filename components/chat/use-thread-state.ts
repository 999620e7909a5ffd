"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { RunStatusData } from "@/lib/agent/ui-parts";
import { apiFetch, ApiClientError } from "@/components/api/client";
import type { ThreadStateResponse } from "@/components/api/types";
import { NO_ACTIVE_SKILLS, skillsFromState } from "@/components/panels/active-skills-state";
import { subagentsFromState } from "@/components/panels/subagents-state";
import { applyPanelPart, type ThreadPanelState } from "./panel-parts";

export type { ThreadPanelState } from "./panel-parts";

/**
 * With no active run: the run the stream last reported (with its final status when listed),
 * else the thread's newest run (`runs` is newest first).
 */
function settledRun(current: RunStatusData | null, runs: ThreadStateResponse["runs"]): RunStatusData | null {
  const listed = current ? runs?.find((run) => run.id === current.runId) : runs?.[0];
  if (!listed) return current;
  return { runId: listed.id, status: listed.status, ...(listed.error ? { error: listed.error } : {}) };
}

const EMPTY: ThreadPanelState = {
  todos: [],
  tokenUsage: null,
  run: null,
  skills: NO_ACTIVE_SKILLS,
  subagents: [],
  tasks: [],
  loaded: false,
};

/** The panel after the server's answer to `GET /api/threads/:id/state`. */
function withServerState(current: ThreadPanelState, response: ThreadStateResponse): ThreadPanelState {
  return {
    ...current,
    todos: response.todos ?? [],
    tokenUsage: response.tokenUsage ?? null,
    // The server's active run wins; otherwise keep the last status the stream reported.
    run: response.activeRun
      ? { runId: response.activeRun.id, status: response.activeRun.status }
      : settledRun(current.run, response.runs),
    skills: skillsFromState(current.skills, response.activatedSkills),
    subagents: subagentsFromState(current.subagents, response.subagentRuns, response.delegatedTasks),
    tasks: response.delegatedTasks ?? [],
    loaded: true,
  };
}

/**
 * Agent state for the status panel: read from `GET /api/threads/:id/state` (or `initial`, read
 * together with the thread so a switch shows no empty panel), then patched live by the
 * stream's data parts. The UI only shows what the server sent. A new chat has nothing to read.
 */
export function useThreadState(threadId: string, exists: boolean, initial?: ThreadStateResponse | null) {
  const [state, setState] = useState<ThreadPanelState>(() =>
    initial ? withServerState(EMPTY, initial) : { ...EMPTY, loaded: !exists },
  );
  const latestRequest = useRef(0);

  // Promise callbacks, not an async body: the state is set when the response arrives, never in the effect itself.
  const refresh = useCallback((): Promise<ThreadStateResponse | null> => {
    const request = ++latestRequest.current;
    return apiFetch<ThreadStateResponse>(`/api/threads/${encodeURIComponent(threadId)}/state`).then(
      (response) => {
        if (request !== latestRequest.current) return response;
        setState((current) => withServerState(current, response));
        return response;
      },
      (error: unknown) => {
        // A brand-new thread has no state yet; anything else is shown as "not loaded".
        if (!(error instanceof ApiClientError && error.status === 404)) console.warn("[status panel]", error);
        setState((current) => ({ ...current, loaded: true }));
        return null;
      },
    );
  }, [threadId]);

  // Read on mount unless the state came with the thread (read again on focus and run end alike).
  const [seeded] = useState(!!initial);
  useEffect(() => {
    if (exists && !seeded) void refresh();
  }, [exists, seeded, refresh]);

  const applyData = useCallback((part: { type: string; id?: string; data?: unknown }) => {
    setState((current) => applyPanelPart(current, part));
  }, []);

  /** A new message starts a new run: forget the previous run's status until the stream reports. */
  const startRun = useCallback(() => setState((current) => ({ ...current, run: null })), []);

  return { state, refresh, applyData, startRun };
}
