"use client";

import { useEffect, useState } from "react";
import { NEW_CHAT_EVENT } from "@/components/shell/new-chat-event";
import { ChatView } from "./chat-view";

/** crypto.randomUUID exists only in secure contexts; a LAN http deployment is not one. */
function newThreadId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A fresh conversation whose id is made here; the server creates it on the first send. */
export function NewChat({ userName }: { userName?: string }) {
  const [threadId, setThreadId] = useState(newThreadId);

  useEffect(() => {
    const restart = () => setThreadId(newThreadId());
    window.addEventListener(NEW_CHAT_EVENT, restart);
    return () => window.removeEventListener(NEW_CHAT_EVENT, restart);
  }, []);

  return <ChatView key={threadId} threadId={threadId} initialMessages={[]} exists={false} userName={userName} />;
}
