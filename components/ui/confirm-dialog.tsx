"use client";

import { useTranslations } from "next-intl";
import { Button } from "./button";
import { Dialog } from "./dialog";

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: string;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("common");
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description} data-testid="confirm-dialog">
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel} data-testid="confirm-cancel">
          {t("cancel")}
        </Button>
        <Button
          variant={destructive ? "danger" : "primary"}
          size="sm"
          onClick={onConfirm}
          autoFocus
          data-testid="confirm-accept"
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
