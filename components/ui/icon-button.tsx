import { cn } from "./cn";
import type { ComponentProps, ReactNode } from "react";
import { Tooltip, type TooltipSide } from "./tooltip";

type Props = Omit<ComponentProps<"button">, "children"> & {
  label: string;
  icon: ReactNode;
  tooltipSide?: TooltipSide;
  size?: "sm" | "md";
};

/** Square icon button with an accessible name and a matching tooltip. */
export function IconButton({
  label,
  icon,
  tooltipSide = "bottom",
  size = "md",
  className,
  type = "button",
  ...props
}: Props) {
  return (
    <Tooltip content={label} side={tooltipSide} decorative>
      <button
        type={type}
        aria-label={label}
        className={cn(
          "inline-flex shrink-0 items-center justify-center text-muted-foreground transition-colors hover:bg-accent hover:text-foreground disabled:pointer-events-none disabled:opacity-40",
          size === "sm" ? "size-7 rounded-md [&_svg]:size-3.5" : "size-9 rounded-lg [&_svg]:size-[18px]",
          className,
        )}
        {...props}
      >
        {icon}
      </button>
    </Tooltip>
  );
}
