"use client";

import { cn } from "./cn";
import { Check } from "lucide-react";
import type { ComponentProps, KeyboardEvent, ReactNode } from "react";
import { Popover, type TriggerProps } from "./popover";

const ITEM_SELECTOR = '[role="menuitem"]:not([disabled]), [role="menuitemradio"]:not([disabled])';

/** Arrow keys, Home and End move focus between the menu's items. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(ITEM_SELECTOR));
  if (!items.length) return;
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === "ArrowDown"
      ? (index + 1) % items.length
      : event.key === "ArrowUp"
        ? (index - 1 + items.length) % items.length
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? items.length - 1
            : -1;
  if (next < 0) return;
  event.preventDefault();
  items[next].focus();
}

export function DropdownMenu({
  trigger,
  children,
  label,
  placement,
  className,
}: {
  trigger: (props: TriggerProps) => ReactNode;
  children: (close: () => void) => ReactNode;
  label: string;
  placement?: ComponentProps<typeof Popover>["placement"];
  className?: string;
}) {
  return (
    <Popover
      trigger={trigger}
      role="menu"
      label={label}
      placement={placement}
      className={className}
      onKeyDown={moveFocus}
    >
      {children}
    </Popover>
  );
}

export function MenuItem({
  icon,
  children,
  checked,
  className,
  ...props
}: ComponentProps<"button"> & { icon?: ReactNode; checked?: boolean }) {
  const isRadio = checked !== undefined;
  return (
    <button
      type="button"
      role={isRadio ? "menuitemradio" : "menuitem"}
      aria-checked={isRadio ? checked : undefined}
      tabIndex={-1}
      className={cn(
        "flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:outline-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
        className,
      )}
      {...props}
    >
      {icon && <span className="text-muted-foreground">{icon}</span>}
      <span className="min-w-0 flex-1">{children}</span>
      {isRadio && <Check className={cn("text-brand", !checked && "invisible")} aria-hidden />}
    </button>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <div className="px-2.5 pt-2 pb-1 text-xs font-medium text-muted-foreground">{children}</div>;
}

export function MenuSeparator() {
  return <div role="separator" className="-mx-1 my-1 h-px bg-border" />;
}
