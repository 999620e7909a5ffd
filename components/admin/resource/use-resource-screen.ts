"use client";

import { useState } from "react";
import { toast } from "sonner";
import { useApiList } from "@/components/hooks/use-api-list";
import { useConfirmedDelete } from "@/components/hooks/use-confirmed-delete";
import { useReportError } from "@/components/hooks/use-report-error";

type Resource = { id: string; name: string };
/** The screen's translations: `created`, `saved` and `deleted` take the resource's name. */
type Notice = (key: "created" | "saved" | "deleted", values: { name: string }) => string;

/**
 * The state of an admin resource screen (MCP servers, providers): the list, loaded once and kept
 * in step with each write's answer; the create/edit form; the expanded card; the delete flow.
 */
export function useResourceScreen<T extends Resource>({
  url,
  remove,
  t,
}: {
  url: string;
  remove: (id: string) => Promise<unknown>;
  t: Notice;
}) {
  const reportError = useReportError();
  const list = useApiList<T>(url, { onError: reportError });
  const [form, setForm] = useState<{ editing: T | null } | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const deletion = useConfirmedDelete<T>({
    remove,
    drop: list.drop,
    deletedMessage: (name) => t("deleted", { name }),
  });

  function saved(view: T, created: boolean) {
    list.upsert(view);
    setForm(null);
    if (created) setExpanded(view.id);
    toast.success(t(created ? "created" : "saved", { name: view.name }));
  }

  return {
    // A failed first load was toasted: show the empty list rather than loading forever.
    items: list.items ?? (list.error ? [] : null),
    upsert: list.upsert,
    form: {
      open: form !== null,
      editing: form?.editing ?? null,
      // A fresh form per target, so its fields start from that target's values.
      key: form ? (form.editing ? `edit-${form.editing.id}` : "create") : "closed",
      create: () => setForm({ editing: null }),
      edit: (item: T) => setForm({ editing: item }),
      close: () => setForm(null),
      saved,
    },
    expanded: {
      is: (id: string) => expanded === id,
      toggle: (id: string) => setExpanded((current) => (current === id ? null : id)),
    },
    deletion,
  };
}
