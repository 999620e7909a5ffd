"use client";

import { AlertCircle, Loader2, RefreshCw, Upload, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "@/components/api/client";
import { useConfirmedDelete } from "@/components/hooks/use-confirmed-delete";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { IconButton } from "@/components/ui/icon-button";
import { useFilePanel } from "./file-panel-context";
import { FilePreview } from "./file-preview";
import { FileTree } from "./file-tree";
import { childPath, filesUrl } from "./file-urls";
import type { FileEntry, FileScope, FileTarget } from "./types";
import { useConfirmedReplace } from "./use-confirmed-replace";
import { useDirectoryTree } from "./use-directory-tree";
import { useLiveRefresh } from "./use-live-refresh";
import { usePanelUploads } from "./use-panel-uploads";

type Deletable = { id: string; name: string };

function targetOf(scope: FileScope, entry: FileEntry): FileTarget {
  return {
    scope,
    path: entry.path,
    name: entry.originalName || entry.name,
    size: entry.size,
    mediaType: entry.mediaType,
    modifiedAt: entry.modifiedAt,
  };
}

/** One tab of the file panel: toolbar, tree or preview, uploads and deletes. */
export function FileScopeView({
  scope,
  threadId,
  agentId,
  live,
}: {
  scope: FileScope;
  threadId: string;
  agentId: string | null;
  live: boolean;
}) {
  const t = useTranslations("files");
  const panel = useFilePanel();
  const tree = useDirectoryTree(scope, threadId);
  const [folder, setFolder] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const currentFolder = folder ?? tree.rootPath;
  const uploads = usePanelUploads({
    scope,
    threadId,
    agentId,
    folder: currentFolder,
    onUploaded: () => void tree.refresh(),
  });
  // Workspace uploads overwrite a file of the same name (chat uploads get their own names): ask first.
  const replace = useConfirmedReplace({
    exists: (name) =>
      scope === "workspace" && !!currentFolder && tree.entryAt(childPath(currentFolder, name))?.kind === "file",
    upload: uploads.add,
  });
  const removal = useConfirmedDelete<Deletable>({
    remove: (path) => apiFetch(filesUrl(scope, threadId, path), { method: "DELETE" }),
    drop: (path) => {
      if (panel.preview && (panel.preview.path === path || panel.preview.path.startsWith(`${path}/`)))
        panel.showFile(null);
      if (folder && (folder === path || folder.startsWith(`${path}/`))) setFolder(null);
      void tree.refresh();
    },
    deletedMessage: (name) => t("deleted", { name }),
  });

  const refreshTree = tree.refresh;
  useLiveRefresh(refreshTree, live);
  const firstRevision = useRef(panel.revision);
  useEffect(() => {
    if (panel.revision !== firstRevision.current) void refreshTree();
  }, [panel.revision, refreshTree]);

  const preview = panel.preview?.scope === scope ? panel.preview : null;
  const fresh = preview ? tree.entryAt(preview.path) : undefined;
  const shown = preview && fresh ? { ...preview, size: fresh.size, modifiedAt: fresh.modifiedAt } : preview;
  const folderLabel =
    currentFolder && tree.rootPath ? currentFolder.slice(tree.rootPath.length).replace(/^\/+/, "") : "";
  const pending = uploads.items.filter((item) => item.status !== "done");

  return (
    <>
      {shown ? (
        <FilePreview
          target={shown}
          threadId={threadId}
          onBack={() => panel.showFile(null)}
          onDelete={() => removal.ask({ id: shown.path, name: shown.name })}
        />
      ) : (
        <>
          <div className="flex h-11 shrink-0 items-center gap-1 border-b border-border/60 pr-2 pl-4">
            <p className="min-w-0 flex-1 truncate text-xs text-muted-foreground" data-testid="file-folder">
              {scope === "workdir" ? t("uploadsGoToChat") : t("uploadTo", { folder: folderLabel || "/" })}
            </p>
            <IconButton
              label={t("refresh")}
              icon={<RefreshCw />}
              size="sm"
              onClick={() => void tree.refresh()}
              data-testid="file-refresh"
            />
            <button
              type="button"
              onClick={() => input.current?.click()}
              disabled={!tree.rootPath && scope === "workspace"}
              className="inline-flex h-7 items-center gap-1.5 rounded-md border border-border bg-background px-2 text-xs font-medium transition-colors hover:bg-muted disabled:opacity-50"
              data-testid="file-upload"
            >
              <Upload className="size-3.5" aria-hidden />
              {t("upload")}
            </button>
            <input
              ref={input}
              type="file"
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = "";
                if (files.length) replace.offer(files);
              }}
              data-testid="file-upload-input"
            />
          </div>
          {pending.length > 0 && (
            <ul className="space-y-1 border-b border-border/60 px-4 py-2">
              {pending.map((item) => (
                <li
                  key={item.id}
                  className="flex items-center gap-2 text-xs"
                  data-testid="file-upload-item"
                  data-status={item.status}
                >
                  {item.status === "uploading" ? (
                    <Loader2 className="size-3.5 shrink-0 animate-spin text-brand" aria-hidden />
                  ) : (
                    <AlertCircle className="size-3.5 shrink-0 text-danger" aria-hidden />
                  )}
                  <span className="min-w-0 flex-1 truncate">
                    {item.name}
                    {item.status === "failed" && <span className="text-danger"> — {item.error}</span>}
                  </span>
                  {item.status === "uploading" && (
                    <span className="h-1 w-16 shrink-0 overflow-hidden rounded-full bg-muted" aria-hidden>
                      <span className="block h-full bg-brand" style={{ width: `${item.progress * 100}%` }} />
                    </span>
                  )}
                  <button
                    type="button"
                    onClick={() => uploads.dismiss(item.id)}
                    aria-label={t("removeAttachment", { name: item.name })}
                    className="flex size-5 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground"
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto">
            <FileTree
              tree={tree}
              folder={folder}
              onFolder={(path) => setFolder((current) => (current === path ? null : path))}
              onOpen={(entry) => panel.showFile(targetOf(scope, entry))}
              onDelete={(entry) => removal.ask({ id: entry.path, name: entry.originalName || entry.name })}
              emptyHint={scope === "workdir" ? t("emptyWorkdir") : t("emptyWorkspace")}
            />
          </div>
        </>
      )}
      {replace.clashes && (
        <ConfirmDialog
          open
          title={t("replaceTitle", { count: replace.clashes.length, name: replace.clashes[0] })}
          description={t("replaceDescription", {
            count: replace.clashes.length,
            names: replace.clashes.join(", "),
            folder: folderLabel || "/",
          })}
          confirmLabel={t("replace")}
          destructive
          onConfirm={replace.confirm}
          onCancel={replace.cancel}
        />
      )}
      <ConfirmDialog
        open={removal.deleting !== null}
        title={t("deleteTitle", { name: removal.deleting?.name ?? "" })}
        description={t("deleteDescription")}
        confirmLabel={t("delete")}
        destructive
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      />
    </>
  );
}
