"use client";

import { PanelLeftClose, SquarePen } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Logo } from "@/components/brand/logo";
import { announceNewChat } from "@/components/shell/new-chat-event";
import { useSidebarState } from "@/components/shell/sidebar-state";
import { IconButton } from "@/components/ui/icon-button";
import { Sheet } from "@/components/ui/sheet";
import { ThreadList } from "./thread-list";
import { UserMenu, type ShellUser } from "./user-menu";

export function Sidebar({ user }: { user: ShellUser }) {
  const t = useTranslations("sidebar");
  const router = useRouter();
  const { open, setOpen, desktopOpen, setDesktopOpen } = useSidebarState();

  function newChat() {
    announceNewChat();
    router.push("/");
    setOpen(false);
  }

  return (
    <Sheet
      side="left"
      open={open}
      onClose={() => setOpen(false)}
      desktopOpen={desktopOpen}
      label={t("label")}
      className="border-r border-border bg-sidebar lg:w-64 xl:w-72"
      data-testid="sidebar"
    >
      <div className="flex h-14 shrink-0 items-center justify-between px-3">
        <Link
          href="/"
          onClick={() => announceNewChat()}
          className="rounded-md px-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
        </Link>
        <IconButton label={t("close")} icon={<PanelLeftClose />} className="lg:hidden" onClick={() => setOpen(false)} />
        <IconButton
          label={t("collapse")}
          icon={<PanelLeftClose />}
          className="max-lg:hidden"
          tooltipSide="right"
          onClick={() => setDesktopOpen(false)}
          data-testid="sidebar-collapse"
        />
      </div>

      <div className="px-3 pb-3">
        <button
          type="button"
          onClick={newChat}
          className="flex h-9 w-full items-center gap-2 rounded-lg border border-border bg-background px-3 text-sm font-medium shadow-xs transition-colors hover:bg-accent"
          data-testid="new-chat"
        >
          <SquarePen className="size-4" aria-hidden />
          {t("newChat")}
        </button>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto">
        <ThreadList />
      </div>

      <div className="shrink-0 border-t border-border p-2">
        <UserMenu user={user} />
      </div>
    </Sheet>
  );
}
