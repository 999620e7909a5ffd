"use client";

import { cn } from "./cn";
import { useEffect, type ReactNode } from "react";

/** Class sets per breakpoint, spelled out so Tailwind sees every class. */
const AT = {
  lg: {
    backdrop: "lg:hidden",
    column: "lg:static lg:z-auto lg:translate-x-0 lg:transition-none",
    closedLeft: "max-lg:invisible max-lg:-translate-x-full",
    closedRight: "max-lg:invisible max-lg:translate-x-full",
    shown: "lg:visible lg:flex",
    hidden: "lg:hidden",
  },
  xl: {
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
 * below it. `desktopOpen` hides the column on large screens.
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

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

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
