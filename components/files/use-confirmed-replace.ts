"use client";

import { useState } from "react";

type Pending = { files: File[]; names: string[] };

/**
 * Picked files whose names the target folder already holds wait for the user's "Replace";
 * cancelling uploads none of them. Files without a clash are uploaded at once.
 */
export function useConfirmedReplace(opts: { exists: (name: string) => boolean; upload: (files: File[]) => void }) {
  const [pending, setPending] = useState<Pending | null>(null);

  function offer(files: File[]) {
    const names = files.map((file) => file.name).filter(opts.exists);
    if (names.length === 0) opts.upload(files);
    else setPending({ files, names });
  }

  function confirm() {
    const target = pending;
    setPending(null);
    if (target) opts.upload(target.files);
  }

  return { clashes: pending?.names ?? null, offer, confirm, cancel: () => setPending(null) };
}
