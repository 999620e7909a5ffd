"use client";

import { SidebarOpenButton } from "./sidebar-open-button";

/** The header of a page inside the chat shell (agents, skills, tokens): its title and the button that brings the sidebar back. */
export function ShellPageHeader({ title }: { title: string }) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border/60 px-3 sm:px-4">
      <SidebarOpenButton />
      <h1 className="min-w-0 flex-1 truncate text-[15px] font-medium">{title}</h1>
    </header>
  );
}
