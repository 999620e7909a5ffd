"use client";

import { usePathname } from "next/navigation";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

type SidebarState = { open: boolean; setOpen: (open: boolean) => void };

const SidebarContext = createContext<SidebarState>({ open: false, setOpen: () => {} });

/** Open state of the sidebar drawer on small screens (it is always shown on large ones). */
export function SidebarStateProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();

  // Navigating closes the drawer.
  useEffect(() => setOpen(false), [pathname]);

  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebarState(): SidebarState {
  return useContext(SidebarContext);
}
