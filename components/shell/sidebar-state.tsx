"use client";

import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

type SidebarState = {
  /** The drawer on small screens. */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The column on large screens (remembered in this browser). */
  desktopOpen: boolean;
  setDesktopOpen: (open: boolean) => void;
};

const SidebarContext = createContext<SidebarState>({
  open: false,
  setOpen: () => {},
  desktopOpen: true,
  setDesktopOpen: () => {},
});

const SIDEBAR_STORAGE_KEY = "meridian.sidebar";

/**
 * The sidebar: a drawer on small screens (closed by navigating), a column on large ones that
 * the user can collapse; that choice is remembered.
 */
export function SidebarStateProvider({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  // The page the drawer was opened on: navigating elsewhere closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn !== null && openedOn === pathname;
  const [desktopOpen, setDesktopOpenState] = useState(true);

  useEffect(() => {
    try {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- storage exists only in the browser: read after hydration so server and client render alike
      if (window.localStorage.getItem(SIDEBAR_STORAGE_KEY) === "collapsed") setDesktopOpenState(false);
    } catch {
      // Storage disabled: keep the default.
    }
  }, []);

  const setDesktopOpen = useCallback((next: boolean) => {
    setDesktopOpenState(next);
    try {
      window.localStorage.setItem(SIDEBAR_STORAGE_KEY, next ? "open" : "collapsed");
    } catch {
      // Storage disabled: the choice lasts for this page only.
    }
  }, []);

  const value = useMemo(
    () => ({ open, setOpen: (next: boolean) => setOpenedOn(next ? pathname : null), desktopOpen, setDesktopOpen }),
    [open, pathname, desktopOpen, setDesktopOpen],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebarState(): SidebarState {
  return useContext(SidebarContext);
}
