import { cn } from "./cn";
import { useId, type ReactNode } from "react";

const SIDES = {
  top: "bottom-full left-1/2 mb-2 -translate-x-1/2",
  bottom: "top-full left-1/2 mt-2 -translate-x-1/2",
  left: "right-full top-1/2 mr-2 -translate-y-1/2",
  right: "left-full top-1/2 ml-2 -translate-y-1/2",
  "top-end": "bottom-full right-0 mb-2",
} as const;

/**
 * CSS-only tooltip, shown on hover and on keyboard focus inside the trigger. It describes
 * the trigger (aria-describedby) unless it only repeats the trigger's name (`decorative`).
 * Hidden tooltips are `visibility: hidden`, so they stay out of text content.
 */
export function Tooltip({
  content,
  side = "top",
  decorative = false,
  open = false,
  children,
  className,
}: {
  content: ReactNode;
  side?: keyof typeof SIDES;
  decorative?: boolean;
  /** Shown regardless of hover and focus (a trigger that toggles its label on tap). */
  open?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
  className?: string;
}) {
  const id = useId();
  // A decorative text tip is drawn by CSS from an attribute, so it adds nothing to the text content.
  const drawn = decorative && typeof content === "string";
  return (
    <span className={cn("group/tooltip relative inline-flex", className)}>
      {children(decorative ? undefined : id)}
      <span
        id={decorative ? undefined : id}
        role={decorative ? undefined : "tooltip"}
        aria-hidden={decorative || undefined}
        data-tooltip={drawn ? content : undefined}
        className={cn(
          drawn && "after:content-[attr(data-tooltip)]",
          "pointer-events-none invisible absolute z-50 w-max max-w-64 rounded-md bg-primary px-2 py-1 text-xs leading-snug font-medium text-primary-foreground opacity-0 shadow-(--shadow-popover) transition-[opacity,visibility] delay-0",
          "group-hover/tooltip:visible group-hover/tooltip:opacity-100 group-hover/tooltip:delay-300",
          "group-has-[:focus-visible]/tooltip:visible group-has-[:focus-visible]/tooltip:opacity-100",
          open && "visible opacity-100",
          SIDES[side],
        )}
      >
        {drawn ? null : content}
      </span>
    </span>
  );
}
