"use client";

import { cn } from "@/components/ui/cn";
import { PauseCircle, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState, type KeyboardEvent } from "react";
import type { ThreadSummary } from "@/components/api/types";
import { IconButton } from "@/components/ui/icon-button";

export function ThreadItem({
  thread,
  active,
  onRename,
  onDelete,
}: {
  thread: ThreadSummary;
  active: boolean;
  onRename: (title: string) => void;
  onDelete: () => void;
}) {
  const t = useTranslations("sidebar");
  const tInterrupt = useTranslations("interrupt");
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(thread.title);
  const title = thread.title || t("untitled");

  function commit() {
    setEditing(false);
    const next = draft.trim();
    if (next && next !== thread.title) onRename(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") commit();
    if (event.key === "Escape") {
      setDraft(thread.title);
      setEditing(false);
    }
  }

  return (
    <li
      className={cn(
        "group/thread relative flex h-9 items-center rounded-lg text-sm transition-colors",
        active ? "bg-accent text-foreground" : "text-foreground/85 hover:bg-accent",
      )}
      data-testid="thread-item"
      data-thread-id={thread.id}
      data-active={active || undefined}
    >
      {editing ? (
        <input
          autoFocus
          value={draft}
          maxLength={200}
          aria-label={t("renameLabel")}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
          onFocus={(event) => event.currentTarget.select()}
          className="mx-1 h-7 w-full rounded-md border border-ring bg-background px-2 text-sm outline-none"
          data-testid="thread-rename-input"
        />
      ) : (
        <Link
          href={`/chat/${thread.id}`}
          aria-current={active ? "page" : undefined}
          title={title}
          className="flex h-full min-w-0 flex-1 items-center gap-2 rounded-lg px-2.5 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="min-w-0 flex-1 truncate" data-testid="thread-title">
            {title}
          </span>
          {thread.status === "running" && (
            <span
              className="relative flex size-2 shrink-0"
              aria-label={t("running")}
              role="img"
              data-testid="thread-running-dot"
            >
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand opacity-60" />
              <span className="relative inline-flex size-2 rounded-full bg-brand" />
            </span>
          )}
          {thread.status === "interrupted" && (
            <PauseCircle
              className="size-3.5 shrink-0 text-warning"
              role="img"
              aria-label={tInterrupt("threadWaiting")}
              data-testid="thread-interrupted"
            />
          )}
        </Link>
      )}
      {!editing && (
        <div
          className={cn(
            "absolute inset-y-0 right-1 flex items-center gap-0.5 rounded-r-lg pl-4 opacity-0 transition-opacity",
            "group-hover/thread:opacity-100 focus-within:opacity-100 [@media(hover:none)]:group-data-active/thread:opacity-100",
            active
              ? "bg-gradient-to-l from-accent from-70% to-transparent"
              : "bg-gradient-to-l from-sidebar from-70% to-transparent group-hover/thread:from-accent",
          )}
        >
          <IconButton
            size="sm"
            label={t("rename")}
            icon={<Pencil />}
            tooltipSide="top"
            onClick={() => {
              setDraft(thread.title);
              setEditing(true);
            }}
            data-testid="thread-rename"
          />
          <IconButton
            size="sm"
            label={t("delete")}
            icon={<Trash2 />}
            tooltipSide="top"
            className="hover:text-danger"
            onClick={onDelete}
            data-testid="thread-delete"
          />
        </div>
      )}
    </li>
  );
}
