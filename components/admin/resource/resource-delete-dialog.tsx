"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";

type Deletion = {
  deleting: { name: string } | null;
  confirm: () => Promise<void>;
  cancel: () => void;
};

/** Asks before a resource goes; `t` is the screen's namespace (deleteTitle, deleteBody, delete). */
export function ResourceDeleteDialog({
  deletion,
  t,
}: {
  deletion: Deletion;
  t: (key: "deleteTitle" | "deleteBody" | "delete", values?: { name: string }) => string;
}) {
  return (
    <ConfirmDialog
      open={deletion.deleting !== null}
      title={t("deleteTitle", { name: deletion.deleting?.name ?? "" })}
      description={t("deleteBody")}
      confirmLabel={t("delete")}
      destructive
      onConfirm={() => void deletion.confirm()}
      onCancel={() => deletion.cancel()}
    />
  );
}
