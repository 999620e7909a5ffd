"use client";

import { useCallback, useEffect, useState } from "react";

const STORAGE_KEY = "meridian.statusPanel";
/** Matches the Sheet's `xl` breakpoint: below it the panel is a drawer. */
const DESKTOP_QUERY = "(min-width: 80rem)";

/**
 * The status panel is a column on wide screens (open or closed, remembered) and a drawer
 * on narrow ones (closed until asked for).
 */
export function usePanelLayout() {
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    try {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- storage exists only in the browser: read after hydration so server and client render alike
      if (window.localStorage.getItem(STORAGE_KEY) === "closed") setDesktopOpen(false);
    } catch {
      // Storage disabled: keep the default.
    }
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia(DESKTOP_QUERY).matches) {
      setDesktopOpen((open) => {
        try {
          window.localStorage.setItem(STORAGE_KEY, open ? "closed" : "open");
        } catch {
          // ignore
        }
        return !open;
      });
    } else {
      setDrawerOpen((open) => !open);
    }
  }, []);

  const close = useCallback(() => {
    if (window.matchMedia(DESKTOP_QUERY).matches) {
      setDesktopOpen(false);
      try {
        window.localStorage.setItem(STORAGE_KEY, "closed");
      } catch {
        // ignore
      }
    } else setDrawerOpen(false);
  }, []);

  /** Opens the panel in whichever form the screen uses (the file panel gives way to it). */
  const show = useCallback(() => {
    if (window.matchMedia(DESKTOP_QUERY).matches) {
      setDesktopOpen(true);
      try {
        window.localStorage.setItem(STORAGE_KEY, "open");
      } catch {
        // ignore
      }
    } else setDrawerOpen(true);
  }, []);

  return { desktopOpen, drawerOpen, toggle, close, show };
}
