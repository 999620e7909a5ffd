"use client";

import { cn } from "./cn";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";

const PLACEMENTS = {
  "top-start": "bottom-full left-0 mb-2 origin-bottom-left",
  "top-end": "bottom-full right-0 mb-2 origin-bottom-right",
  "bottom-start": "top-full left-0 mt-2 origin-top-left",
  "bottom-end": "top-full right-0 mt-2 origin-top-right",
} as const;

export type TriggerProps = {
  "aria-expanded": boolean;
  "aria-controls": string;
  "aria-haspopup": "menu" | "dialog";
  onClick: () => void;
};

/**
 * Anchored floating panel: opens from its trigger, closes on outside click, Escape
 * (returning focus to the trigger) or when `close` is called by the content.
 */
export function Popover({
  trigger,
  children,
  placement = "bottom-start",
  role = "dialog",
  label,
  className,
  wrapperClassName,
  onKeyDown,
}: {
  trigger: (props: TriggerProps) => ReactNode;
  children: (close: () => void) => ReactNode;
  placement?: keyof typeof PLACEMENTS;
  role?: "menu" | "dialog";
  label: string;
  className?: string;
  wrapperClassName?: string;
  onKeyDown?: (event: React.KeyboardEvent<HTMLDivElement>) => void;
}) {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) wrapperRef.current?.querySelector<HTMLElement>("[aria-controls]")?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const first = panelRef.current?.querySelector<HTMLElement>(
      '[role="menuitem"], [role="menuitemradio"], [aria-checked="true"], button, input',
    );
    first?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  return (
    <div ref={wrapperRef} className={cn("relative", wrapperClassName)}>
      {trigger({
        "aria-expanded": open,
        "aria-controls": id,
        "aria-haspopup": role,
        onClick: () => setOpen((value) => !value),
      })}
      {open && (
        <div
          ref={panelRef}
          id={id}
          role={role}
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
              return;
            }
            onKeyDown?.(event);
          }}
          className={cn(
            "absolute z-50 min-w-48 animate-pop-in rounded-xl border border-border bg-popover p-1 text-sm text-foreground shadow-(--shadow-popover)",
            PLACEMENTS[placement],
            className,
          )}
        >
          {/* eslint-disable-next-line react-hooks/refs -- `close` is handed to event handlers; nothing calls it while rendering */}
          {children(() => close())}
        </div>
      )}
    </div>
  );
}
