"use client";

import { cn } from "@/components/ui/cn";
import { ChevronRight, FolderOpen, Loader2, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { FileIcon } from "./file-icon";
import type { FileEntry } from "./types";
import type { DirectoryTree } from "./use-directory-tree";
import { useFileSize } from "./use-file-size";

type Handlers = {
  tree: DirectoryTree;
  /** The folder uploads go to (highlighted); null for the root. */
  folder: string | null;
  onFolder: (path: string) => void;
  onOpen: (entry: FileEntry) => void;
  onDelete: (entry: FileEntry) => void;
};

function Row({ entry, depth, ...handlers }: Handlers & { entry: FileEntry; depth: number }) {
  const t = useTranslations("files");
  const size = useFileSize();
  const { tree, folder, onFolder, onOpen, onDelete } = handlers;
  const isDir = entry.kind === "dir";
  const open = isDir && tree.expanded.has(entry.path);
  const label = entry.originalName || entry.name;

  return (
    <li>
      <div
        className={cn(
          "group/row flex h-8 items-center rounded-md pr-1 transition-colors hover:bg-muted",
          isDir && folder === entry.path && "bg-muted",
        )}
        style={{ paddingLeft: `${4 + depth * 14}px` }}
      >
        <button
          type="button"
          onClick={() => {
            if (isDir) {
              tree.toggle(entry.path);
              onFolder(entry.path);
            } else onOpen(entry);
          }}
          aria-expanded={isDir ? open : undefined}
          title={
            entry.originalName && entry.originalName !== entry.name
              ? `${entry.originalName} (${entry.name})`
              : entry.name
          }
          className="flex h-full min-w-0 flex-1 items-center gap-1.5 text-left text-[13px]"
          data-testid="file-entry"
          data-path={entry.path}
          data-kind={entry.kind}
        >
          <ChevronRight
            className={cn(
              "size-3.5 shrink-0 text-muted-foreground transition-transform",
              !isDir && "invisible",
              open && "rotate-90",
            )}
            aria-hidden
          />
          <FileIcon name={entry.name} mediaType={entry.mediaType} dir={isDir} open={open} className="size-4" />
          <span className="min-w-0 flex-1 truncate">{label}</span>
          {!isDir && (
            <span className="shrink-0 pl-2 text-[11px] text-muted-foreground tabular-nums">{size(entry.size)}</span>
          )}
        </button>
        <button
          type="button"
          onClick={() => onDelete(entry)}
          aria-label={t("deleteNamed", { name: label })}
          className="ml-0.5 flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground opacity-0 transition-opacity group-hover/row:opacity-100 hover:bg-accent hover:text-danger focus-visible:opacity-100 [@media(hover:none)]:opacity-100"
          data-testid="file-entry-delete"
        >
          <Trash2 className="size-3.5" aria-hidden />
        </button>
      </div>
      {open && <Level dir={entry.path} depth={depth + 1} {...handlers} />}
    </li>
  );
}

function Level({ dir, depth, ...handlers }: Handlers & { dir: string; depth: number }) {
  const t = useTranslations("files");
  const state = handlers.tree.dirs[dir];
  if (!state?.entries) {
    return state?.failed ? (
      <p className="py-1 text-xs text-danger" style={{ paddingLeft: `${24 + depth * 14}px` }}>
        {t("loadFailed")}
      </p>
    ) : (
      <p
        className="flex h-8 items-center gap-2 text-xs text-muted-foreground"
        style={{ paddingLeft: `${24 + depth * 14}px` }}
      >
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
        {t("loading")}
      </p>
    );
  }
  if (!state.entries.length && depth > 0) {
    return (
      <p
        className="flex h-7 items-center text-xs text-muted-foreground italic"
        style={{ paddingLeft: `${24 + depth * 14}px` }}
      >
        {t("emptyFolder")}
      </p>
    );
  }
  return (
    <ul>
      {state.entries.map((entry) => (
        <Row key={entry.path} entry={entry} depth={depth} {...handlers} />
      ))}
    </ul>
  );
}

/** The scope's files as a lazily expanded tree; files open in the preview. */
export function FileTree({ emptyHint, ...handlers }: Handlers & { emptyHint: string }) {
  const t = useTranslations("files");
  const root = handlers.tree.dirs[""];
  if (root?.entries && root.entries.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-12 text-center" data-testid="file-tree-empty">
        <span className="flex size-10 items-center justify-center rounded-xl bg-muted text-muted-foreground">
          <FolderOpen className="size-5" aria-hidden />
        </span>
        <p className="text-sm font-medium">{t("empty")}</p>
        <p className="text-xs text-muted-foreground">{emptyHint}</p>
      </div>
    );
  }
  return (
    <div className="px-2 py-2" data-testid="file-tree">
      <Level dir="" depth={0} {...handlers} />
    </div>
  );
}
