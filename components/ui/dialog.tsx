"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useRef, type ReactNode } from "react";
import { cn } from "./cn";

/**
 * Modal dialog: drawn in a portal over a dimmed page, focus kept inside and returned to the
 * opener on close, the page behind inert and unscrollable. Escape or a click on the dimmed
 * page closes it. Popovers, menus and tooltips opened inside it layer above it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className,
  ...rest
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  // The element focused when the dialog opened gets focus back when it closes (Radix does that
  // only for its own trigger component, and our dialogs open from state).
  const opener = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-black/45 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          data-testid={rest["data-testid"]}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-pop-in overflow-y-auto rounded-2xl border border-border bg-popover p-5 text-foreground shadow-(--shadow-popover) outline-none",
            className,
          )}
        >
          <DialogPrimitive.Title className="text-base font-semibold">{title}</DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="mt-1.5 text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          )}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
