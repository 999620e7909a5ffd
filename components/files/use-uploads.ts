"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { UploadHandle } from "./upload-request";
import { useUploadError } from "./use-upload-error";

export type UploadItem<T> = {
  id: string;
  name: string;
  size: number;
  /** 0..1 of the bytes sent. */
  progress: number;
  status: "uploading" | "done" | "failed";
  error?: string;
  result?: T;
};

let counter = 0;

/**
 * Files being uploaded one request each, with progress and a readable error per file.
 * `start` sends one file; `remove` takes an item out of view (aborting it when in flight).
 */
export function useUploads<T>({
  start,
  onUploaded,
}: {
  start: (file: File, onProgress: (fraction: number) => void) => UploadHandle<T>;
  onUploaded?: (result: T, item: UploadItem<T>) => void;
}) {
  const [items, setItems] = useState<UploadItem<T>[]>([]);
  const handles = useRef(new Map<string, UploadHandle<T>>());
  const describe = useUploadError();
  const startRef = useRef(start);
  startRef.current = start;
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

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
            patch(id, { status: "done", progress: 1, result });
            onUploadedRef.current?.(result, { ...item, status: "done", progress: 1, result });
          })
          .catch((error: unknown) => patch(id, { status: "failed", error: describe(error) }))
          .finally(() => handles.current.delete(id));
      }
    },
    [patch, describe],
  );

  const remove = useCallback((id: string) => {
    handles.current.get(id)?.abort();
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const clear = useCallback(() => {
    for (const handle of handles.current.values()) handle.abort();
    setItems([]);
  }, []);

  // Leaving the chat abandons uploads still in flight.
  useEffect(() => {
    const inFlight = handles.current;
    return () => {
      for (const handle of inFlight.values()) handle.abort();
    };
  }, []);

  return { items, add, remove, clear, uploading: items.some((item) => item.status === "uploading") };
}
