"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { apiFetch, ApiClientError } from "@/components/api/client";
import type { ThreadResponse, ThreadStateResponse } from "@/components/api/types";
import { useReportError } from "@/components/hooks/use-report-error";
import { Button } from "@/components/ui/button";
import { ChatView } from "./chat-view";
import { ThreadNotFound } from "./thread-not-found";

type Load =
  | { state: "loading" }
  | { state: "ready"; data: ThreadResponse; panel: ThreadStateResponse | null }
  | { state: "missing" }
  | { state: "failed" };

function LoadingSkeleton() {
  return (
    <div className="flex flex-1 flex-col" aria-busy data-testid="thread-loading">
      <div className="h-14 border-b border-border/60" />
      <div className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-6 pt-8">
        <div className="ml-auto h-10 w-1/2 animate-pulse rounded-3xl bg-muted" />
        <div className="space-y-2.5">
          {[92, 80, 86, 45].map((width) => (
            <div key={width} className="h-3.5 animate-pulse rounded bg-muted" style={{ width: `${width}%` }} />
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * An existing conversation: its history and its state are read together, once, then the chat
 * takes over (so the status panel opens with the thread's run and plan, never a false "Idle").
 */
export function ThreadChat({ threadId }: { threadId: string }) {
  const t = useTranslations("chat");
  const reportError = useReportError();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const path = `/api/threads/${encodeURIComponent(threadId)}`;
    // The state is a bonus: if it cannot be read, the panel reads it again itself.
    const panel = apiFetch<ThreadStateResponse>(`${path}/state`).catch(() => null);
    Promise.all([apiFetch<ThreadResponse>(path), panel])
      .then(([data, state]) => !cancelled && setLoad({ state: "ready", data, panel: state }))
      .catch((error: unknown) => {
        if (cancelled) return;
        const status = error instanceof ApiClientError ? error.status : 0;
        // Someone else's thread answers 403 or 404: both read as "not found" here.
        if (status === 404 || status === 403 || status === 400) setLoad({ state: "missing" });
        else {
          setLoad({ state: "failed" });
          reportError(error);
        }
      });
    return () => {
      cancelled = true;
    };
  }, [threadId, attempt, reportError]);

  if (load.state === "loading") return <LoadingSkeleton />;
  if (load.state === "missing") return <ThreadNotFound />;
  if (load.state === "failed") {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 text-sm text-muted-foreground">
        <p>{t("loadFailed")}</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setLoad({ state: "loading" });
            setAttempt((n) => n + 1);
          }}
        >
          {t("retry")}
        </Button>
      </div>
    );
  }
  return (
    <ChatView
      key={threadId}
      threadId={threadId}
      initialMessages={load.data.messages}
      threadSpec={load.data.thread.modelSpec ?? null}
      initialTitle={load.data.thread.title}
      initialCoordinator={load.data.thread.coordinator}
      initialState={load.panel}
      agentAuthor={load.data.agent?.sharedBy ?? null}
      exists
    />
  );
}
