"use client";

import { useEffect, type RefObject } from "react";

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Layers drawn above a trap (menus, popovers, dialogs opened from inside it) may take focus. */
const LAYER = '[data-radix-popper-content-wrapper], [role="dialog"], [role="alertdialog"]';

export function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== "hidden",
  );
}

/**
 * While `active`, keyboard focus stays inside `ref`: Tab and Shift+Tab wrap around at its ends,
 * and focus that lands behind it (not in a layer opened above it) is sent back in. A trap of
 * our own rather than Radix's FocusScope: several always-mounted side panels share the page,
 * and FocusScope's stack pauses an older scope whenever a newer one mounts.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const panel = ref.current;
    if (!active || !panel) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || !panel.contains(document.activeElement)) return;
      const items = tabbables(panel);
      if (!items.length) return;
      const [first, last] = [items[0], items[items.length - 1]];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!target || panel.contains(target) || target.closest(LAYER)) return;
      (tabbables(panel)[0] ?? panel).focus({ preventScroll: true });
    };
    panel.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      panel.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [ref, active]);
}
