import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { getPageActor } from "@/lib/auth/current-user";
import { AdminExits } from "@/components/admin/admin-exits";
import { AdminNav } from "@/components/admin/admin-nav";
import { Logo } from "@/components/brand/logo";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: { default: t("title"), template: `%s · ${t("title")} · Meridian` } };
}

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const actor = await getPageActor();
  // 403 with app/forbidden.tsx (rendered before anything streams, so the status holds).
  if (actor.role !== "superadmin" && actor.role !== "admin") forbidden();
  const t = await getTranslations("admin");

  return (
    <div className="flex min-h-dvh flex-col bg-background md:flex-row">
      <aside className="shrink-0 border-b border-border bg-sidebar md:sticky md:top-0 md:h-dvh md:w-60 md:border-r md:border-b-0">
        <div className="flex h-14 items-center justify-between gap-2 px-4">
          <Link
            href="/"
            className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="admin-home"
          >
            <Logo />
          </Link>
          <div className="flex items-center gap-2">
            <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand">{t("badge")}</span>
            <div className="flex items-center gap-0.5 md:hidden">
              <AdminExits compact />
            </div>
          </div>
        </div>
        <div className="px-3 pb-3">
          <AdminNav />
        </div>
        <div className="hidden space-y-0.5 px-3 pb-3 md:block">
          <AdminExits />
        </div>
      </aside>
      <main className="min-w-0 flex-1">
        <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
      </main>
    </div>
  );
}
