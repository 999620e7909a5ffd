"use client";

import { useChat, type UseChatHelpers } from "@ai-sdk/react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { apiErrorFromChatError, apiFetch } from "@/components/api/client";
import {
  ACTIVE_RUN_STATUSES,
  type MeridianUIMessage,
  type ThreadResponse,
  type ThreadStateResponse,
} from "@/components/api/types";
import { useLatest } from "@/components/hooks/use-latest";
import { useReportError } from "@/components/hooks/use-report-error";
import { useThreads } from "@/components/shell/threads-context";
import type { ModelSwitchData, RunStatusData } from "@/lib/agent/ui-parts";
import { createChatTransport, type ChatRequestExtras } from "./chat-transport";
import { deriveLiveRun } from "./live-run";
import type { MessageAttachment } from "@/lib/files/message-attachments";
import { modelSwitchOfMessage, textOfMessage } from "./message-parts";
import { useInterruptAnswer } from "./use-interrupt-answer";
import { useThreadState, type ThreadPanelState } from "./use-thread-state";

/** What the status panel shows: the thread's state, and the latest answer's model switch. */
export type PanelState = ThreadPanelState & { modelSwitch: ModelSwitchData | null };

const TASK_POLL_MS = 1000;

/** After a first answer: when to read the thread list again for the generated title. */
const TITLE_REFRESH_MS = [1_500, 5_000];

/** If the server has not closed the stream this long after a cancel, stop reading it. */
const CANCEL_GRACE_MS = 10_000;

type Options = {
  threadId: string;
  initialMessages: MeridianUIMessage[];
  /** The thread already exists on the server (false for a new chat until its first send). */
  exists: boolean;
  agentId?: string | null;
  modelSpec: string | null;
  /** Coordinator mode for the messages sent from now on. */
  coordinator: boolean;
  /** Gives a refused message's text back to the composer. */
  onRefused: (text: string) => void;
  /** The thread's state, read together with its messages. */
  initialState?: ThreadStateResponse | null;
};

/**
 * useChat wired to Meridian's API: only the new message is sent, a reload resumes the
 * live run, data parts feed the status panel, and Stop cancels the run on the server.
 */
export function useMeridianChat({
  threadId,
  initialMessages,
  exists,
  agentId,
  modelSpec,
  coordinator,
  onRefused,
  initialState,
}: Options) {
  const threads = useThreads();
  const reportError = useReportError();
  const panel = useThreadState(threadId, exists, initialState);
  const [persisted, setPersisted] = useState(exists);
  const [stopping, setStopping] = useState(false);
  const [resume] = useState(exists);

  const streamRun = useRef<RunStatusData | null>(null);
  // Set after each commit (below): callbacks outside render read the newest chat.
  const chatRef = useRef<UseChatHelpers<MeridianUIMessage> | null>(null);
  const onRefusedRef = useLatest(onRefused);

  // Reconnecting found nothing running: the answer may have been saved since the history
  // was read, so read the history (and the panel state) again.
  const catchUp = useCallback(async () => {
    void panel.refresh();
    if (chatRef.current?.messages.at(-1)?.role !== "user") return;
    try {
      const { messages } = await apiFetch<ThreadResponse>(`/api/threads/${encodeURIComponent(threadId)}`);
      const current = chatRef.current;
      if (current?.status === "ready" && messages.length > current.messages.length) current.setMessages(messages);
    } catch (error) {
      reportError(error);
    }
  }, [panel, threadId, reportError]);

  const transport = useMemo(() => createChatTransport(), []);
  // A layout effect: subscribed before useChat's own effect reconnects on mount.
  useLayoutEffect(() => transport.onNothingToResume(() => void catchUp()), [transport, catchUp]);

  const chat = useChat<MeridianUIMessage>({
    id: threadId,
    messages: initialMessages,
    transport,
    resume,
    experimental_throttle: 40,
    onData: (part) => {
      panel.applyData(part);
      if (part.type === "data-run") streamRun.current = part.data as RunStatusData;
      // The sidebar shows the running dot and the server's title as soon as a run starts.
      if (part.type === "data-run" && ACTIVE_RUN_STATUSES.includes((part.data as RunStatusData).status)) {
        void threads.refresh();
      }
    },
    onFinish: () => {
      setStopping(false);
      void panel.refresh();
      void threads.refresh();
      // The first answer is followed by the conversation's generated title: read it when it lands.
      if (chatRef.current?.messages.length === 2) {
        for (const ms of TITLE_REFRESH_MS) window.setTimeout(() => void threads.refresh(), ms);
      }
    },
    onError: (error) => {
      setStopping(false);
      const apiError = apiErrorFromChatError(error);
      if (apiError?.code === "conflict:run") {
        // The server refused the message: take it back out of the list, into the composer.
        chat.setMessages((messages) => {
          const last = messages.at(-1);
          if (last?.role === "user") onRefusedRef.current(textOfMessage(last));
          return last?.role === "user" ? messages.slice(0, -1) : messages;
        });
      }
      // A failed run reports itself in the message (data-run); a toast would say it twice.
      if (streamRun.current?.status !== "failed") reportError(error);
      // A refused first message leaves no running thread behind in the sidebar.
      const listed = threads.threads.find((thread) => thread.id === threadId);
      if (listed?.status === "running" && !streamRun.current) threads.upsertLocal({ ...listed, status: "idle" });
      void panel.refresh();
      void threads.refresh();
    },
  });

  const busy = chat.status === "submitted" || chat.status === "streaming";
  useLayoutEffect(() => {
    chatRef.current = chat;
  });

  // An approval or an answer resumes the run: the chat follows it like a new reply.
  const answerInterrupt = useInterruptAnswer({
    chat,
    transport,
    onResumed: () => {
      panel.startRun();
      streamRun.current = null;
    },
  });

  /** Sends `text`; `files` are the uploads it carries (kept on the message, shown under it). */
  const send = useCallback(
    async (text: string, files: MessageAttachment[] = []) => {
      if (!persisted) {
        // The thread gets its permanent address with its first message.
        setPersisted(true);
        window.history.replaceState(window.history.state, "", `/chat/${threadId}`);
        threads.upsertLocal({
          id: threadId,
          title: text.slice(0, 80),
          agentId: agentId ?? null,
          modelSpec,
          coordinator,
          status: "running",
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        });
      }
      panel.startRun();
      streamRun.current = null;
      await chat.sendMessage(
        { text, ...(files.length ? { metadata: { attachments: files } } : {}) },
        { body: { agentId, modelSpec, coordinator } satisfies ChatRequestExtras },
      );
    },
    [persisted, threadId, threads, agentId, modelSpec, coordinator, chat, panel],
  );

  /** Runs the turn of the answer `messageId` again: the answer is replaced by a new one (the latest branch). */
  const regenerate = useCallback(
    async (messageId: string) => {
      panel.startRun();
      streamRun.current = null;
      await chat.regenerate({ messageId, body: { agentId, modelSpec, coordinator } satisfies ChatRequestExtras });
    },
    [agentId, modelSpec, coordinator, chat, panel],
  );

  /** Replaces the user message `messageId` with `text` (its files and attachments stay) and answers it again from there. */
  const edit = useCallback(
    async (messageId: string, text: string) => {
      const original = chat.messages.find((m) => m.id === messageId);
      const files = (original?.parts ?? []).filter((part) => part.type === "file");
      panel.startRun();
      streamRun.current = null;
      await chat.sendMessage(
        { parts: [...files, { type: "text", text }], messageId, metadata: original?.metadata },
        { body: { agentId, modelSpec, coordinator } satisfies ChatRequestExtras },
      );
    },
    [agentId, modelSpec, coordinator, chat, panel],
  );

  const stop = useCallback(async () => {
    setStopping(true);
    let runId = panel.state.run && ACTIVE_RUN_STATUSES.includes(panel.state.run.status) ? panel.state.run.runId : null;
    runId ??= (await panel.refresh())?.activeRun?.id ?? null;
    if (!runId) {
      // Nothing runs on the server (yet): stop reading locally.
      await chatRef.current?.stop();
      setStopping(false);
      return;
    }
    try {
      await apiFetch(`/api/runs/${encodeURIComponent(runId)}/cancel`, { method: "POST" });
    } catch (error) {
      reportError(error);
      setStopping(false);
    }
  }, [panel, reportError]);

  // The server ends the stream after a cancel; only if it never does, stop reading it.
  useEffect(() => {
    if (!stopping) return;
    const timer = window.setTimeout(() => {
      const current = chatRef.current;
      if (current?.status === "streaming" || current?.status === "submitted") void current.stop();
      setStopping(false);
    }, CANCEL_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [stopping]);

  // Delegated tasks run on the server's job runner, outside the stream: read them every second
  // while a coordinator turn runs or any task is unfinished.
  const tasksOpen = panel.state.tasks.some((task) => task.status === "queued" || task.status === "running");
  const pollTasks = tasksOpen || (coordinator && busy);
  const refreshPanel = panel.refresh;
  useEffect(() => {
    if (!pollTasks) return;
    const timer = window.setInterval(() => void refreshPanel(), TASK_POLL_MS);
    return () => window.clearInterval(timer);
  }, [pollTasks, refreshPanel]);

  // The latest answer's model switch, live while it streams and after a reload alike.
  const lastMessage = chat.messages.at(-1);
  const panelState = useMemo<PanelState>(
    () => ({ ...panel.state, modelSwitch: modelSwitchOfMessage(lastMessage) }),
    [panel.state, lastMessage],
  );

  // One derivation for the plan card, the panel, the composer and the sidebar dot.
  const live = useMemo(
    () =>
      deriveLiveRun({
        run: panel.state.run,
        todos: panel.state.todos,
        tokenUsage: panel.state.tokenUsage,
        messages: chat.messages,
        busy,
      }),
    [panel.state.run, panel.state.todos, panel.state.tokenUsage, chat.messages, busy],
  );
  const { showLiveStatus } = threads;
  const liveThreadStatus = persisted && panel.state.loaded ? live.threadStatus : null;
  useEffect(() => {
    showLiveStatus(threadId, liveThreadStatus);
  }, [showLiveStatus, threadId, liveThreadStatus]);
  useEffect(() => () => showLiveStatus(threadId, null), [showLiveStatus, threadId]);

  return {
    chat,
    busy,
    live,
    stopping,
    send,
    regenerate,
    edit,
    stop,
    panel: panelState,
    refreshPanel,
    persisted,
    answerInterrupt,
  };
}
