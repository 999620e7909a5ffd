"use client";

import { cn } from "@/components/ui/cn";
import { Bot, Building2, Plug, Server, Users, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

const SECTIONS: { key: "users" | "departments" | "providers" | "agents" | "mcp"; href: string; icon: LucideIcon }[] = [
  { key: "users", href: "/admin/users", icon: Users },
  { key: "departments", href: "/admin/departments", icon: Building2 },
  { key: "providers", href: "/admin/providers", icon: Server },
  { key: "agents", href: "/admin/agents", icon: Bot },
  { key: "mcp", href: "/admin/mcp", icon: Plug },
];

/** Sections of the admin area: a column on wide screens, a scrolling row of tabs on narrow ones. */
export function AdminNav() {
  const t = useTranslations("admin.nav");
  const pathname = usePathname();
  return (
    <nav
      aria-label={t("label")}
      className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible"
      data-testid="admin-nav"
    >
      {SECTIONS.map(({ key, href, icon: Icon }) => {
        const active = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={key}
            href={href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex shrink-0 items-center gap-2.5 rounded-lg px-3 py-2 text-sm whitespace-nowrap transition-colors",
              active
                ? "bg-accent font-medium text-foreground"
                : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
            )}
            data-testid={`admin-nav-${key}`}
          >
            <Icon className={cn("size-4 shrink-0", active && "text-brand")} aria-hidden />
            {t(key)}
          </Link>
        );
      })}
    </nav>
  );
}
