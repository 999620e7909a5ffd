"use client";

import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { cloneElement, createContext, useContext, type ReactElement, type ReactNode } from "react";
import { cn } from "./cn";

const SIDES = {
  top: { side: "top", align: "center" },
  bottom: { side: "bottom", align: "center" },
  left: { side: "left", align: "center" },
  right: { side: "right", align: "center" },
  "top-end": { side: "top", align: "end" },
} as const;

export type TooltipSide = keyof typeof SIDES;

const Provided = createContext(false);

/** One delay for the whole app; moving between triggers skips it, like a native toolbar. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Provided.Provider value>
      <TooltipPrimitive.Provider delayDuration={300} skipDelayDuration={200}>
        {children}
      </TooltipPrimitive.Provider>
    </Provided.Provider>
  );
}

/**
 * A label for its trigger, shown on hover and keyboard focus, hidden again by a click on
 * the trigger, Escape or leaving it. Drawn in a portal and kept inside the viewport, so it
 * never covers the composer it was opened from. `decorative`: it only repeats the trigger's
 * accessible name, so it does not describe the trigger again. `open` keeps it up regardless
 * (a trigger that toggles its label on tap; touch has no hover).
 */
export function Tooltip({
  content,
  side = "top",
  decorative = false,
  open,
  children,
  className,
}: {
  content: ReactNode;
  side?: TooltipSide;
  decorative?: boolean;
  open?: boolean;
  /** The trigger: one element that takes a ref and props (a button or link). */
  children: ReactElement;
  className?: string;
}) {
  const placement = SIDES[side];
  const provided = useContext(Provided);
  const tooltip = (
    <TooltipPrimitive.Root open={open ? true : undefined}>
      <TooltipPrimitive.Trigger asChild>
        {/* A decorative tip would only describe the trigger with its own name again. */}
        {decorative ? cloneElement(children, { "aria-describedby": undefined } as object) : children}
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={placement.side}
          align={placement.align}
          sideOffset={6}
          collisionPadding={8}
          aria-hidden={decorative || undefined}
          className={cn(
            "z-[60] w-max max-w-64 animate-pop-in rounded-md bg-primary px-2 py-1 text-xs leading-snug font-medium text-primary-foreground shadow-(--shadow-popover)",
            className,
          )}
          data-testid="tooltip"
        >
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
  // Outside the app's providers (an error page, a component test) it brings its own.
  return provided ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
