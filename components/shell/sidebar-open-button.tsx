"use client";

import { Menu, PanelLeftOpen } from "lucide-react";
import { useTranslations } from "next-intl";
import { IconButton } from "@/components/ui/icon-button";
import { cn } from "@/components/ui/cn";
import { useSidebarState } from "./sidebar-state";

/** Matches the sidebar Sheet's `lg` breakpoint: from here up the sidebar is a column. */
const COLUMN_QUERY = "(min-width: 64rem)";

/**
 * Brings the sidebar back: opens the drawer on small screens, expands the collapsed column on
 * large ones (and is hidden there while the column shows).
 */
export function SidebarOpenButton({ className }: { className?: string }) {
  const t = useTranslations("sidebar");
  const { setOpen, desktopOpen, setDesktopOpen } = useSidebarState();
  return (
    <IconButton
      label={t("open")}
      icon={
        <>
          <Menu className="lg:hidden" />
          <PanelLeftOpen className="max-lg:hidden" />
        </>
      }
      tooltipSide="right"
      className={cn(desktopOpen && "lg:hidden", className)}
      onClick={() => (window.matchMedia(COLUMN_QUERY).matches ? setDesktopOpen(true) : setOpen(true))}
      data-testid="sidebar-open"
    />
  );
}
