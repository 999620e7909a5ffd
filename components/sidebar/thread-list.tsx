"use client";

import { MessagesSquare } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useThreads } from "@/components/shell/threads-context";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { groupThreads } from "./group-threads";
import { ThreadItem } from "./thread-item";

export function ThreadList() {
  const t = useTranslations("sidebar");
  const { threads, loaded, rename, remove } = useThreads();
  const pathname = usePathname();
  const router = useRouter();
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const groups = useMemo(() => groupThreads(threads), [threads]);
  const activeId = pathname.startsWith("/chat/") ? decodeURIComponent(pathname.slice("/chat/".length)) : null;

  async function confirmDelete() {
    const id = pendingDelete;
    setPendingDelete(null);
    if (!id) return;
    const removed = await remove(id);
    if (removed && id === activeId) router.push("/");
  }

  if (!loaded) {
    return (
      <div className="space-y-2 px-3 pt-4" aria-busy>
        {[70, 55, 80, 45].map((width) => (
          <div key={width} className="h-4 animate-pulse rounded bg-muted" style={{ width: `${width}%` }} />
        ))}
      </div>
    );
  }

  if (!threads.length) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 pt-10 text-center text-sm text-muted-foreground">
        <MessagesSquare className="size-5 opacity-60" aria-hidden />
        <p>{t("empty")}</p>
      </div>
    );
  }

  return (
    <nav aria-label={t("history")} className="space-y-4 px-2 pb-3">
      {groups.map((group) => (
        <section key={group.key}>
          <h3 className="px-2.5 pb-1 text-xs font-medium text-muted-foreground">{t(`groups.${group.key}`)}</h3>
          <ul className="space-y-px">
            {group.threads.map((thread) => (
              <ThreadItem
                key={thread.id}
                thread={thread}
                active={thread.id === activeId}
                onRename={(title) => void rename(thread.id, title)}
                onDelete={() => setPendingDelete(thread.id)}
              />
            ))}
          </ul>
        </section>
      ))}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t("deleteTitle")}
        description={t("deleteDescription", {
          title: threads.find((thread) => thread.id === pendingDelete)?.title || t("untitled"),
        })}
        confirmLabel={t("delete")}
        destructive
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </nav>
  );
}
