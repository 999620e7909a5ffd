"use client";

import { cn } from "@/components/ui/cn";
import { Bot, Building2, Plug, Server, Users, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";

const SECTIONS: { key: "users" | "departments" | "providers" | "agents" | "mcp"; href: string; icon: LucideIcon }[] = [
  { key: "users", href: "/admin/users", icon: Users },
  { key: "departments", href: "/admin/departments", icon: Building2 },
  { key: "providers", href: "/admin/providers", icon: Server },
  { key: "agents", href: "/admin/agents", icon: Bot },
  { key: "mcp", href: "/admin/mcp", icon: Plug },
];

const FADE = "1.5rem";

/** Which ends of a scrolling row hide more tabs. */
function useOverflowEdges() {
  const ref = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const node = ref.current;
    if (!node) return;
    const start = node.scrollLeft > 1;
    const end = node.scrollLeft + node.clientWidth < node.scrollWidth - 1;
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, edges, measure };
}

/**
 * Sections of the admin area: a column on wide screens, a row of tabs on narrow ones that
 * fades out at an edge with more tabs behind it and keeps the current tab in view.
 */
export function AdminNav() {
  const t = useTranslations("admin.nav");
  const pathname = usePathname();
  const { ref, edges, measure } = useOverflowEdges();

  useEffect(() => {
    ref.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [pathname, ref]);

  const mask = `linear-gradient(to right, ${edges.start ? "transparent" : "black"}, black ${FADE}, black calc(100% - ${FADE}), ${edges.end ? "transparent" : "black"})`;
  return (
    <nav
      ref={ref}
      aria-label={t("label")}
      onScroll={measure}
      style={{ maskImage: mask }}
      className="flex scroll-px-6 gap-1 overflow-x-auto [scrollbar-width:none] md:flex-col md:overflow-visible md:mask-none!"
      data-overflow-start={edges.start || undefined}
      data-overflow-end={edges.end || undefined}
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
