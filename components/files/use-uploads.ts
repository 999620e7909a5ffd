"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { UploadHandle } from "./upload-request";
import { useDiscardError, useUploadError } from "./use-upload-error";
import { useLatest } from "@/components/hooks/use-latest";

export type UploadItem<T> = {
  id: string;
  name: string;
  size: number;
  /** 0..1 of the bytes sent. */
  progress: number;
  status: "uploading" | "done" | "failed";
  error?: string;
  result?: T;
  /** A finished upload being discarded on the server. */
  removing?: boolean;
  /** Why discarding it failed (the file is still there). */
  removeError?: string;
};

let counter = 0;

/**
 * Files being uploaded one request each, with progress and a readable error per file.
 * `start` sends one file. `remove` aborts an upload in flight; a finished one is first
 * `discard`ed on the server (when given) and leaves the list only once that succeeded.
 * `dismiss` only takes an item out of view.
 */
export function useUploads<T>({
  start,
  onUploaded,
  discard,
  onDiscarded,
}: {
  start: (file: File, onProgress: (fraction: number) => void) => UploadHandle<T>;
  onUploaded?: (result: T, item: UploadItem<T>) => void;
  discard?: (result: T) => Promise<unknown>;
  onDiscarded?: (result: T) => void;
}) {
  const [items, setItems] = useState<UploadItem<T>[]>([]);
  const handles = useRef(new Map<string, UploadHandle<T>>());
  const describe = useUploadError();
  const describeDiscard = useDiscardError();
  const startRef = useLatest(start);
  const onUploadedRef = useLatest(onUploaded);
  const discardRef = useLatest(discard);
  const onDiscardedRef = useLatest(onDiscarded);
  // Read synchronously by `remove`: a result may land before the next render.
  const results = useRef(new Map<string, T>());
  const removing = useRef(new Set<string>());

  const patch = useCallback((id: string, change: Partial<UploadItem<T>>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        const id = `upload-${++counter}`;
        const item: UploadItem<T> = { id, name: file.name, size: file.size, progress: 0, status: "uploading" };
        setItems((list) => [...list, item]);
        const handle = startRef.current(file, (progress) => patch(id, { progress }));
        handles.current.set(id, handle);
        handle.done
          .then((result) => {
            results.current.set(id, result);
            patch(id, { status: "done", progress: 1, result });
            onUploadedRef.current?.(result, { ...item, status: "done", progress: 1, result });
          })
          .catch((error: unknown) => patch(id, { status: "failed", error: describe(error) }))
          .finally(() => handles.current.delete(id));
      }
    },
    [patch, describe, startRef, onUploadedRef],
  );

  const dismiss = useCallback((id: string) => {
    handles.current.get(id)?.abort();
    results.current.delete(id);
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const remove = useCallback(
    async (id: string) => {
      const result = results.current.get(id);
      const drop = discardRef.current;
      if (result === undefined || !drop) return dismiss(id);
      if (removing.current.has(id)) return;
      removing.current.add(id);
      patch(id, { removing: true, removeError: undefined });
      try {
        await drop(result);
        dismiss(id);
        onDiscardedRef.current?.(result);
      } catch (error) {
        patch(id, { removing: false, removeError: describeDiscard(error) });
      } finally {
        removing.current.delete(id);
      }
    },
    [patch, describeDiscard, dismiss, discardRef, onDiscardedRef],
  );

  const clear = useCallback(() => {
    for (const handle of handles.current.values()) handle.abort();
    results.current.clear();
    setItems([]);
  }, []);

  // Leaving the chat abandons uploads still in flight.
  useEffect(() => {
    const inFlight = handles.current;
    return () => {
      for (const handle of inFlight.values()) handle.abort();
    };
  }, []);

  return {
    items,
    add,
    remove,
    dismiss,
    clear,
    uploading: items.some((item) => item.status === "uploading"),
    removing: items.some((item) => item.removing),
  };
}
