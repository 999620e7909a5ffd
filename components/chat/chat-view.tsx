"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import type { MeridianUIMessage, ThreadStateResponse } from "@/components/api/types";
import { FilePanel } from "@/components/files/file-panel";
import { FilePanelProvider, useFilePanelState } from "@/components/files/file-panel-context";
import { StatusPanel } from "@/components/panels/status-panel";
import { useThreads } from "@/components/shell/threads-context";
import { isTyping, shortcutOf } from "@/components/shell/shortcuts";
import { layerOpen } from "@/components/shell/use-shortcuts";
import { AgentPicker } from "./agent-picker";
import { DropOverlay } from "./attachments/drop-overlay";
import { useComposerAttachments } from "./attachments/use-composer-attachments";
import { useFileDrop } from "./attachments/use-file-drop";
import { ChatError } from "./chat-error";
import { ChatHeader } from "./chat-header";
import { Composer } from "./composer";
import { EmptyHero, Suggestions } from "./empty-state";
import { MessageList } from "./message-list";
import { runOfMessage } from "./message-parts";
import { InterruptActionsProvider } from "./interrupt-context";
import { useMeridianChat } from "./use-meridian-chat";
import { chosenAgent, useAgents } from "./use-agents";
import { AgentAuthorNotice } from "./agent-author-notice";
import { useModelChoice } from "./use-model-choice";
import { usePanelLayout } from "./use-panel-layout";
import { useMediaQuery } from "@/components/hooks/use-media-query";

/** Tailwind's `2xl`: from here the status and file panels fit beside each other. */
const SIDE_BY_SIDE_QUERY = "(min-width: 96rem)";

/** One conversation: header, messages, composer (with attachments), and the status or file panel beside them. */
export function ChatView({
  threadId,
  initialMessages,
  exists,
  threadSpec,
  initialTitle,
  initialCoordinator,
  initialState,
  userName,
  agentAuthor,
}: {
  threadId: string;
  initialMessages: MeridianUIMessage[];
  exists: boolean;
  /** The model spec an existing thread last ran with; undefined for a new chat. */
  threadSpec?: string | null;
  initialTitle?: string;
  /** Coordinator mode as the thread last ran (off for a new chat). */
  initialCoordinator?: boolean;
  /** The thread's state, read together with its messages (so the panel never flashes empty). */
  initialState?: ThreadStateResponse | null;
  userName?: string;
  /** An existing conversation's agent author, when another user wrote it (a new chat reads its picker). */
  agentAuthor?: string | null;
}) {
  const t = useTranslations("chat");
  const { threads } = useThreads();
  const model = useModelChoice(threadId, threadSpec);
  const layout = usePanelLayout();
  const [input, setInput] = useState("");
  const [agentId, setAgentId] = useState<string | null>(null);
  const [coordinator, setCoordinator] = useState(initialCoordinator ?? false);
  const agents = useAgents(!exists);
  const author = exists ? agentAuthor : chosenAgent(agents, agentId)?.sharedBy;
  const [scrollSignal, setScrollSignal] = useState(0);
  const { chat, busy, live, stopping, send, regenerate, edit, stop, panel, refreshPanel, answerInterrupt } =
    useMeridianChat({
      threadId,
      initialMessages,
      exists,
      agentId,
      modelSpec: model.spec,
      coordinator,
      onRefused: setInput,
      initialState,
    });

  const files = useFilePanelState(threadId);
  const attachments = useComposerAttachments({
    threadId,
    agentId: exists ? null : agentId,
    onUploaded: files.filesChanged,
    onRemoved: files.fileRemoved,
  });
  const { dragging, dropHandlers } = useFileDrop(attachments.add);
  // Wide screens show the status and file panels side by side; narrower ones one at a time,
  // the file panel covering the status panel while open.
  const sideBySide = useMediaQuery(SIDE_BY_SIDE_QUERY);
  const statusShown = sideBySide || !files.open;
  function toggleStatus() {
    if (files.open && !sideBySide) {
      files.close();
      layout.show();
    } else layout.toggle();
  }

  const empty = chat.messages.length === 0;
  const lastRun = runOfMessage(chat.messages.at(-1));
  const title = threads.find((thread) => thread.id === threadId)?.title || initialTitle || t("newChat");

  useEffect(() => {
    document.title = `${title} · Meridian`;
  }, [title]);

  // Stable, so the memoised answers do not re-render when the view does.
  const onRegenerate = useCallback((messageId: string) => void regenerate(messageId), [regenerate]);
  const onEdit = useCallback(
    (messageId: string, text: string) => {
      setScrollSignal((n) => n + 1);
      void edit(messageId, text);
    },
    [edit],
  );

  // Escape stops a streaming answer, unless a dialog or menu is open (its Escape closes it).
  useEffect(() => {
    if (!busy || stopping) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || layerOpen()) return;
      if (shortcutOf(event, isTyping(event.target)) !== "stop") return;
      event.preventDefault();
      void stop();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [busy, stopping, stop]);

  // After Stop: the answer goes on from where it was cut (a new turn that asks for the rest).
  const continuePrompt = t("continuePrompt");
  const onContinue = useCallback(() => {
    setScrollSignal((n) => n + 1);
    void send(continuePrompt);
  }, [send, continuePrompt]);

  // A suggestion is a start, not a message: it fills the composer for the user to finish.
  const [focusRequest, setFocusRequest] = useState(0);
  function pickSuggestion(text: string) {
    setInput(text);
    setFocusRequest((n) => n + 1);
  }

  function submit(text: string) {
    // The finished uploads go with the message (the server keeps those of this conversation).
    const carried = attachments.items.flatMap((item) => (item.status === "done" && item.result ? [item.result] : []));
    setInput("");
    attachments.clear();
    model.remember(model.spec);
    setScrollSignal((n) => n + 1);
    void send(text, carried);
  }

  return (
    <FilePanelProvider value={files}>
      <div className="flex min-w-0 flex-1">
        <div className="relative flex min-w-0 flex-1 flex-col" {...dropHandlers}>
          {dragging && <DropOverlay />}
          <ChatHeader
            title={title}
            titleSlot={
              empty && !exists && agents.length > 1 ? (
                <AgentPicker agents={agents} value={agentId} onChange={setAgentId} />
              ) : undefined
            }
            running={busy}
            panelOpen={layout.desktopOpen && statusShown}
            onTogglePanel={toggleStatus}
            filesOpen={files.open}
            onToggleFiles={files.toggle}
          />
          {empty ? (
            <EmptyHero name={userName} />
          ) : (
            <InterruptActionsProvider value={{ run: panel.run, busy, answer: answerInterrupt }}>
              <MessageList
                threadId={threadId}
                messages={chat.messages}
                onContinue={lastRun?.status === "cancelled" ? onContinue : undefined}
                busy={busy}
                scrollSignal={scrollSignal}
                onRegenerate={onRegenerate}
                onEdit={onEdit}
                footer={chat.error && !busy && lastRun?.status !== "failed" ? <ChatError error={chat.error} /> : null}
              />
            </InterruptActionsProvider>
          )}
          <div className="shrink-0 px-3 pb-3 sm:px-4 sm:pb-4">
            <div className="mx-auto w-full max-w-3xl">
              {author && <AgentAuthorNotice author={author} />}
              <Composer
                value={input}
                onChange={setInput}
                onSubmit={submit}
                onStop={() => void stop()}
                busy={busy}
                stopping={stopping}
                modelSpec={model.spec}
                onModelChange={model.choose}
                coordinator={coordinator}
                onCoordinatorChange={setCoordinator}
                context={panel.tokenUsage?.context ?? null}
                attachments={attachments}
                focusRequest={focusRequest}
              />
              {!empty && <p className="mt-2 text-center text-[11px] text-muted-foreground">{t("disclaimer")}</p>}
            </div>
          </div>
          {empty && <Suggestions onPick={pickSuggestion} />}
        </div>
        <StatusPanel
          threadId={threadId}
          state={panel}
          live={live}
          onTasksChanged={() => void refreshPanel()}
          desktopOpen={layout.desktopOpen && statusShown}
          drawerOpen={layout.drawerOpen && statusShown}
          onClose={layout.close}
        />
        <FilePanel threadId={threadId} agentId={exists ? null : agentId} live={live.active} />
      </div>
    </FilePanelProvider>
  );
}
