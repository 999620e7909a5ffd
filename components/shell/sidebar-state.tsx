"use client";

import { usePathname } from "next/navigation";
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

type SidebarState = { open: boolean; setOpen: (open: boolean) => void };

const SidebarContext = createContext<SidebarState>({ open: false, setOpen: () => {} });

/** Open state of the sidebar drawer on small screens (it is always shown on large ones). */
export function SidebarStateProvider({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  // The page the drawer was opened on: navigating elsewhere closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn !== null && openedOn === pathname;

  const value = useMemo(
    () => ({ open, setOpen: (next: boolean) => setOpenedOn(next ? pathname : null) }),
    [open, pathname],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebarState(): SidebarState {
  return useContext(SidebarContext);
}
