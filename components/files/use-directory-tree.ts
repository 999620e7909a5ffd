"use client";

import { useCallback, useEffect, useState } from "react";
import { apiFetch, ApiClientError } from "@/components/api/client";
import { filesUrl } from "./file-urls";
import type { DirectoryListing, FileEntry, FileScope } from "./types";
import { useLatest } from "@/components/hooks/use-latest";

/** "" is the scope's root; other keys are virtual directory paths. */
export type DirState = { entries: FileEntry[] | null; failed: boolean };

function sorted(entries: FileEntry[]): FileEntry[] {
  return [...entries].sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "dir" ? -1 : 1));
}

/**
 * A lazily loaded tree of one scope: the root is read at once, a directory when it is first
 * expanded; `refresh` reads the root and every expanded directory again.
 */
export function useDirectoryTree(scope: FileScope, threadId: string) {
  const [rootPath, setRootPath] = useState<string | null>(null);
  const [dirs, setDirs] = useState<Record<string, DirState>>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const expandedRef = useLatest(expanded);

  const load = useCallback(
    async (dir: string) => {
      try {
        const listing = await apiFetch<DirectoryListing>(filesUrl(scope, threadId, dir || undefined));
        if (!dir) setRootPath(listing.path);
        setDirs((current) => ({ ...current, [dir]: { entries: sorted(listing.entries), failed: false } }));
      } catch (error) {
        const missing = error instanceof ApiClientError && error.status === 404;
        if (missing && dir) {
          // The directory is gone (deleted by the agent or here): fold it away.
          setExpanded((current) => new Set([...current].filter((path) => path !== dir && !path.startsWith(`${dir}/`))));
          setDirs(({ [dir]: _gone, ...rest }) => rest);
          return;
        }
        // A chat with no files yet (or not created yet) has no workdir: an empty root.
        setDirs((current) => ({
          ...current,
          [dir]: missing ? { entries: [], failed: false } : { entries: current[dir]?.entries ?? null, failed: true },
        }));
      }
    },
    [scope, threadId],
  );

  const refresh = useCallback(async () => {
    await Promise.all(["", ...expandedRef.current].map(load));
  }, [load, expandedRef]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loads on mount; state is set when the request resolves
    void load("");
  }, [load]);

  const toggle = useCallback(
    (dir: string) => {
      const opening = !expandedRef.current.has(dir);
      setExpanded((current) => {
        const next = new Set(current);
        if (opening) next.add(dir);
        else next.delete(dir);
        return next;
      });
      if (opening) void load(dir);
    },
    [load, expandedRef],
  );

  /** Every entry loaded so far, by path (to find a previewed file's newest metadata). */
  const entryAt = useCallback(
    (path: string): FileEntry | undefined => {
      for (const state of Object.values(dirs)) {
        const found = state.entries?.find((entry) => entry.path === path);
        if (found) return found;
      }
      return undefined;
    },
    [dirs],
  );

  return { rootPath, dirs, expanded, toggle, refresh, entryAt };
}

export type DirectoryTree = ReturnType<typeof useDirectoryTree>;
