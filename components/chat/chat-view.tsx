"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { MeridianUIMessage } from "@/components/api/types";
import { StatusPanel } from "@/components/panels/status-panel";
import { useThreads } from "@/components/shell/threads-context";
import { AgentPicker } from "./agent-picker";
import { ChatError } from "./chat-error";
import { ChatHeader } from "./chat-header";
import { Composer } from "./composer";
import { EmptyHero, Suggestions } from "./empty-state";
import { MessageList } from "./message-list";
import { runOfMessage } from "./message-parts";
import { useMeridianChat } from "./use-meridian-chat";
import { useAgents } from "./use-agents";
import { useModelChoice } from "./use-model-choice";
import { usePanelLayout } from "./use-panel-layout";

/** One conversation: header, messages, composer and the status panel beside them. */
export function ChatView({
  threadId,
  initialMessages,
  exists,
  threadSpec,
  initialTitle,
  userName,
}: {
  threadId: string;
  initialMessages: MeridianUIMessage[];
  exists: boolean;
  /** The model spec an existing thread last ran with; undefined for a new chat. */
  threadSpec?: string | null;
  initialTitle?: string;
  userName?: string;
}) {
  const t = useTranslations("chat");
  const { threads } = useThreads();
  const model = useModelChoice(threadId, threadSpec);
  const layout = usePanelLayout();
  const [input, setInput] = useState("");
  const [agentId, setAgentId] = useState<string | null>(null);
  const agents = useAgents(!exists);
  const [scrollSignal, setScrollSignal] = useState(0);
  const { chat, busy, stopping, send, stop, panel } = useMeridianChat({
    threadId,
    initialMessages,
    exists,
    agentId,
    modelSpec: model.spec,
    onRefused: setInput,
  });

  const empty = chat.messages.length === 0;
  const lastRun = runOfMessage(chat.messages.at(-1));
  const title = threads.find((thread) => thread.id === threadId)?.title || initialTitle || t("newChat");

  useEffect(() => {
    document.title = `${title} · Meridian`;
  }, [title]);

  function submit(text: string) {
    setInput("");
    model.remember(model.spec);
    setScrollSignal((n) => n + 1);
    void send(text);
  }

  return (
    <div className="flex min-w-0 flex-1">
      <div className="flex min-w-0 flex-1 flex-col">
        <ChatHeader
          title={title}
          titleSlot={empty && !exists && agents.length > 1 ? <AgentPicker agents={agents} value={agentId} onChange={setAgentId} /> : undefined}
          running={busy}
          panelOpen={layout.desktopOpen}
          onTogglePanel={layout.toggle}
        />
        {empty ? (
          <EmptyHero name={userName} />
        ) : (
          <MessageList
            messages={chat.messages}
            busy={busy}
            scrollSignal={scrollSignal}
            footer={chat.error && !busy && lastRun?.status !== "failed" ? <ChatError error={chat.error} /> : null}
          />
        )}
        <div className="shrink-0 px-3 pb-3 sm:px-4 sm:pb-4">
          <div className="mx-auto w-full max-w-3xl">
            <Composer
              value={input}
              onChange={setInput}
              onSubmit={submit}
              onStop={() => void stop()}
              busy={busy}
              stopping={stopping}
              modelSpec={model.spec}
              onModelChange={model.choose}
              context={panel.tokenUsage?.context ?? null}
            />
            {!empty && <p className="mt-2 text-center text-[11px] text-muted-foreground">{t("disclaimer")}</p>}
          </div>
        </div>
        {empty && <Suggestions onPick={submit} />}
      </div>
      <StatusPanel
        state={panel}
        busy={busy}
        desktopOpen={layout.desktopOpen}
        drawerOpen={layout.drawerOpen}
        onClose={layout.close}
      />
    </div>
  );
}
