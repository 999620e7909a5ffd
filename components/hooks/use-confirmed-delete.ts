"use client";

import { useState } from "react";
import { toast } from "sonner";
import { useReportError } from "./use-report-error";

/**
 * The delete flow of admin lists: pick an item, confirm, call the API, drop it from the list
 * and toast; errors go to the shared reporter.
 */
export function useConfirmedDelete<T extends { id: string; name: string }>(opts: {
  remove: (id: string) => Promise<unknown>;
  drop: (id: string) => void;
  deletedMessage: (name: string) => string;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const reportError = useReportError();

  async function confirm() {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await opts.remove(target.id);
      opts.drop(target.id);
      toast.success(opts.deletedMessage(target.name));
    } catch (error) {
      reportError(error);
    }
  }

  return { deleting, ask: setDeleting, cancel: () => setDeleting(null), confirm };
}
