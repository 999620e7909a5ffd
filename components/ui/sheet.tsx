"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { tabbables, useFocusTrap } from "@/components/hooks/use-focus-trap";
import { useMediaQuery } from "@/components/hooks/use-media-query";
import { cn } from "./cn";

/** Class sets per breakpoint, spelled out so Tailwind sees every class. */
const AT = {
  lg: {
    query: "(min-width: 64rem)",
    backdrop: "lg:hidden",
    column: "lg:static lg:z-auto lg:translate-x-0 lg:transition-none",
    closedLeft: "max-lg:invisible max-lg:-translate-x-full",
    closedRight: "max-lg:invisible max-lg:translate-x-full",
    shown: "lg:visible lg:flex",
    hidden: "lg:hidden",
  },
  xl: {
    query: "(min-width: 80rem)",
    backdrop: "xl:hidden",
    column: "xl:static xl:z-auto xl:translate-x-0 xl:transition-none",
    closedLeft: "max-xl:invisible max-xl:-translate-x-full",
    closedRight: "max-xl:invisible max-xl:translate-x-full",
    shown: "xl:visible xl:flex",
    hidden: "xl:hidden",
  },
} as const;

/**
 * A side column that is static from `breakpoint` up and a sliding drawer (with a backdrop)
 * below it. `desktopOpen` hides the column on large screens. The open drawer is a modal
 * dialog: focus moves into it, Tab stays inside, and Escape or the backdrop closes it and
 * gives focus back to what opened it.
 */
export function Sheet({
  side,
  open,
  onClose,
  desktopOpen = true,
  breakpoint = "lg",
  label,
  className,
  children,
  ...rest
}: {
  side: "left" | "right";
  open: boolean;
  onClose: () => void;
  desktopOpen?: boolean;
  breakpoint?: keyof typeof AT;
  label: string;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
}) {
  const at = AT[breakpoint];
  const isColumn = useMediaQuery(at.query);
  const drawer = open && !isColumn;
  const ref = useRef<HTMLElement>(null);
  useFocusTrap(ref, drawer);

  useEffect(() => {
    if (!open) return;
    // A menu or popover opened from the sheet takes Escape first (and marks it handled).
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && !event.defaultPrevented && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  useEffect(() => {
    if (!drawer) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = ref.current;
    // The drawer turns visible on the slide-in's first frames (hidden elements cannot take
    // focus): try again each frame until focus is inside, for at most half a second.
    let frame = 0;
    let tries = 0;
    const focusIn = () => {
      if (!panel || panel.contains(document.activeElement) || tries++ > 30) return;
      (tabbables(panel)[0] ?? panel).focus({ preventScroll: true });
      frame = requestAnimationFrame(focusIn);
    };
    frame = requestAnimationFrame(focusIn);
    return () => {
      cancelAnimationFrame(frame);
      if (opener?.isConnected && panel?.contains(document.activeElement)) opener.focus({ preventScroll: true });
    };
  }, [drawer]);

  return (
    <>
      <div
        aria-hidden
        onClick={onClose}
        className={cn(
          "fixed inset-0 z-30 bg-black/40 backdrop-blur-[1px] transition-opacity",
          at.backdrop,
          open ? "opacity-100" : "pointer-events-none opacity-0",
        )}
      />
      <aside
        ref={ref}
        role={drawer ? "dialog" : undefined}
        aria-modal={drawer || undefined}
        aria-label={label}
        data-open={open}
        data-testid={rest["data-testid"]}
        className={cn(
          "fixed inset-y-0 z-40 flex w-[min(20rem,86vw)] flex-col transition-[transform,visibility] duration-200 ease-out",
          at.column,
          side === "left" ? "left-0" : "right-0",
          !open && (side === "left" ? at.closedLeft : at.closedRight),
          desktopOpen ? at.shown : at.hidden,
          className,
        )}
      >
        {children}
      </aside>
    </>
  );
}
