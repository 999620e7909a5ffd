import { cn } from "./cn";
import type { ComponentProps } from "react";

const VARIANTS = {
  primary: "bg-primary text-primary-foreground hover:opacity-90 disabled:opacity-40",
  secondary: "bg-muted text-foreground hover:bg-accent disabled:opacity-50",
  outline: "border border-border bg-background text-foreground hover:bg-muted disabled:opacity-50",
  ghost: "text-foreground hover:bg-accent disabled:opacity-40",
  danger: "bg-danger text-white hover:opacity-90 disabled:opacity-50",
} as const;

const SIZES = {
  sm: "h-8 gap-1.5 rounded-lg px-3 text-sm",
  md: "h-10 gap-2 rounded-xl px-4 text-sm",
  icon: "size-9 rounded-lg",
  "icon-sm": "size-7 rounded-md",
} as const;

export type ButtonProps = ComponentProps<"button"> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
};

export function Button({ variant = "primary", size = "md", className, type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        "inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors disabled:pointer-events-none",
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
