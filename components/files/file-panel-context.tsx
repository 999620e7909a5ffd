"use client";

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { FileScope, FileTarget } from "./types";

export type FilePanelState = {
  /** The conversation whose workdir the panel shows. */
  threadId: string;
  open: boolean;
  scope: FileScope;
  /** The file being previewed, or null for the tree. */
  preview: FileTarget | null;
  /** Bumped when files changed outside the panel (an upload): listings read again. */
  revision: number;
  toggle: () => void;
  close: () => void;
  setScope: (scope: FileScope) => void;
  /** Opens the panel on a file's preview (artifact cards) or, with null, on the tree. */
  showFile: (target: FileTarget | null) => void;
  filesChanged: () => void;
  /** A file was deleted outside the panel: its preview closes and listings are read again. */
  fileRemoved: (path: string) => void;
};

/** State of one chat's file panel; the chat view owns it and shares it through the provider. */
export function useFilePanelState(threadId: string): FilePanelState {
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<FileScope>("workdir");
  const [preview, setPreview] = useState<FileTarget | null>(null);
  const [revision, setRevision] = useState(0);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  const changeScope = useCallback((next: FileScope) => {
    setScope(next);
    setPreview(null);
  }, []);
  const showFile = useCallback((target: FileTarget | null) => {
    if (target) setScope(target.scope);
    setPreview(target);
    setOpen(true);
  }, []);
  const filesChanged = useCallback(() => setRevision((n) => n + 1), []);
  const fileRemoved = useCallback((path: string) => {
    setPreview((current) => (current?.path === path ? null : current));
    setRevision((n) => n + 1);
  }, []);

  return useMemo(
    () => ({
      threadId,
      open,
      scope,
      preview,
      revision,
      toggle,
      close,
      setScope: changeScope,
      showFile,
      filesChanged,
      fileRemoved,
    }),
    [threadId, open, scope, preview, revision, toggle, close, changeScope, showFile, filesChanged, fileRemoved],
  );
}

const FilePanelContext = createContext<FilePanelState | null>(null);

/** Lets the panel, the header toggle and artifact cards deep in the message list share the state. */
export function FilePanelProvider({ value, children }: { value: FilePanelState; children: ReactNode }) {
  return <FilePanelContext.Provider value={value}>{children}</FilePanelContext.Provider>;
}

export function useFilePanel(): FilePanelState {
  const value = useContext(FilePanelContext);
  if (!value) throw new Error("useFilePanel needs a FilePanelProvider");
  return value;
}
