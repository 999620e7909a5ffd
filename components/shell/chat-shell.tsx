"use client";

import type { ReactNode } from "react";
import { Sidebar } from "@/components/sidebar/sidebar";
import type { ShellUser } from "@/components/sidebar/user-menu";
import { DemoBanner } from "./demo-banner";
import { ModelsProvider } from "./models-context";
import { SidebarStateProvider } from "./sidebar-state";
import { ThreadsProvider } from "./threads-context";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { useShellShortcuts } from "./use-shortcuts";

/** Frame of every chat page: sidebar, demo banner, and the page in the main column. */
export function ChatShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  const { helpOpen, closeHelp } = useShellShortcuts();
  return (
    <ThreadsProvider>
      <ModelsProvider>
        <SidebarStateProvider>
          <div className="flex h-dvh overflow-hidden bg-background">
            <Sidebar user={user} />
            <div className="flex min-w-0 flex-1 flex-col">
              <DemoBanner />
              <main className="relative flex min-h-0 flex-1">{children}</main>
            </div>
          </div>
          <ShortcutsDialog open={helpOpen} onClose={closeHelp} />
        </SidebarStateProvider>
      </ModelsProvider>
    </ThreadsProvider>
  );
}
