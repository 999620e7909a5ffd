"use client";

import { Menu } from "lucide-react";
import { IconButton } from "@/components/ui/icon-button";
import { useSidebarState } from "./sidebar-state";

/** The header of a page inside the chat shell (agents, skills, tokens): its title and, on narrow screens, the sidebar button. */
export function ShellPageHeader({ title, openSidebarLabel }: { title: string; openSidebarLabel: string }) {
  const { setOpen } = useSidebarState();
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border/60 px-3 sm:px-4">
      <IconButton
        label={openSidebarLabel}
        icon={<Menu />}
        className="lg:hidden"
        onClick={() => setOpen(true)}
        data-testid="sidebar-open"
      />
      <h1 className="min-w-0 flex-1 truncate text-[15px] font-medium">{title}</h1>
    </header>
  );
}
