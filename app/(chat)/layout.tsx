import type { ReactNode } from "react";
import { getPageActor } from "@/lib/auth/current-user";
import { ChatShell } from "@/components/shell/chat-shell";

export default async function ChatLayout({ children }: { children: ReactNode }) {
  const actor = await getPageActor();
  return (
    <ChatShell user={{ displayName: actor.displayName, username: actor.username, role: actor.role }}>
      {children}
    </ChatShell>
  );
}
