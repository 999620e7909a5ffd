"use client";

import * as PopoverPrimitive from "@radix-ui/react-popover";
import { useState, type ReactElement, type ReactNode } from "react";
import { cn } from "./cn";

const PLACEMENTS = {
  "top-start": { side: "top", align: "start" },
  "top-end": { side: "top", align: "end" },
  "bottom-start": { side: "bottom", align: "start" },
  "bottom-end": { side: "bottom", align: "end" },
} as const;

export type Placement = keyof typeof PLACEMENTS;

/** Where a floating panel sits: beside its trigger, flipped and shifted to stay 8 px inside the viewport. */
export function floatingPosition(placement: Placement) {
  return { ...PLACEMENTS[placement], sideOffset: 8, collisionPadding: 8 };
}

/** The floating panel's look, shared by popovers and menus. */
export const FLOATING_PANEL =
  "z-50 min-w-48 max-h-(--radix-popper-available-height) animate-pop-in overflow-y-auto rounded-xl border border-border bg-popover p-1 text-sm text-foreground shadow-(--shadow-popover) outline-none";

/**
 * Anchored floating panel (a non-modal dialog): drawn in a portal, flipped and shifted to
 * stay in the viewport; closes on an outside click, Escape (focus goes back to the trigger)
 * or when the content calls `close`.
 */
export function Popover({
  trigger,
  children,
  placement = "bottom-start",
  label,
  className,
}: {
  /** One element that takes a ref and props (a button). */
  trigger: ReactElement;
  children: (close: () => void) => ReactNode;
  placement?: Placement;
  label: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger asChild>{trigger}</PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          aria-label={label}
          {...floatingPosition(placement)}
          className={cn(FLOATING_PANEL, className)}
        >
          {children(() => setOpen(false))}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
