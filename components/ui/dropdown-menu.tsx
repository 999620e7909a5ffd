"use client";

import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import { useState, type ComponentProps, type ReactElement, type ReactNode } from "react";
import { cn } from "./cn";
import { FLOATING_PANEL, floatingPosition, type Placement } from "./popover";

/**
 * A menu of actions or choices: drawn in a portal and kept in the viewport; arrow keys,
 * Home, End and typeahead move between items; choosing one, Escape or an outside click
 * closes it and focus returns to the trigger.
 */
export function DropdownMenu({
  trigger,
  children,
  label,
  placement = "bottom-start",
  className,
}: {
  /** One element that takes a ref and props (a button). */
  trigger: ReactElement;
  children: ReactNode;
  label: string;
  placement?: Placement;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <MenuPrimitive.Root open={open} onOpenChange={setOpen} modal={false}>
      <MenuPrimitive.Trigger asChild>{trigger}</MenuPrimitive.Trigger>
      <MenuPrimitive.Portal>
        <MenuPrimitive.Content
          aria-label={label}
          {...floatingPosition(placement)}
          className={cn(FLOATING_PANEL, className)}
        >
          {children}
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}

/**
 * One item. With `checked` it is one choice of a single-choice list (menuitemradio) and
 * shows a check when chosen. `onSelect` runs on a click, Enter or Space, then the menu closes.
 */
export function MenuItem({
  icon,
  children,
  checked,
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Item> & { icon?: ReactNode; checked?: boolean }) {
  const isRadio = checked !== undefined;
  return (
    <MenuPrimitive.Item
      role={isRadio ? "menuitemradio" : "menuitem"}
      aria-checked={isRadio ? checked : undefined}
      className={cn(
        "flex w-full cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm outline-none select-none data-disabled:opacity-50 data-highlighted:bg-accent [&_svg]:size-4 [&_svg]:shrink-0",
        className,
      )}
      {...props}
    >
      {icon && <span className="text-muted-foreground">{icon}</span>}
      <span className="min-w-0 flex-1">{children}</span>
      {isRadio && <Check className={cn("text-brand", !checked && "invisible")} aria-hidden />}
    </MenuPrimitive.Item>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <MenuPrimitive.Label className="px-2.5 pt-2 pb-1 text-xs font-medium text-muted-foreground">
      {children}
    </MenuPrimitive.Label>
  );
}

export function MenuGroup(props: ComponentProps<typeof MenuPrimitive.Group>) {
  return <MenuPrimitive.Group {...props} />;
}
