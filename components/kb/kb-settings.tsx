"use client";

import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import type { AgentsActor } from "@/components/admin/agents/types";
import { useReportError } from "@/components/hooks/use-report-error";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { kbsApi, type KbView } from "./api";
import { KbGeneralForm } from "./kb-general-form";
import { KbSharingForm } from "./kb-sharing-form";

/** The Settings tab (managers): name, description and chunking; who may read and manage; delete. */
export function KbSettings({
  kb,
  actor,
  onSaved,
  onDeleted,
}: {
  kb: KbView;
  actor: AgentsActor;
  onSaved: (kb: KbView) => void;
  onDeleted: () => void;
}) {
  const t = useTranslations("kbs.settings");
  const reportError = useReportError();
  const [confirming, setConfirming] = useState(false);

  async function remove() {
    setConfirming(false);
    try {
      await kbsApi.remove(kb.id);
      toast.success(t("deleted", { name: kb.name }));
      onDeleted();
    } catch (error) {
      reportError(error);
    }
  }

  return (
    <div className="space-y-6" data-testid="kb-settings">
      <KbGeneralForm kb={kb} onSaved={onSaved} />
      <KbSharingForm kb={kb} actor={actor} onSaved={onSaved} />
      <section
        aria-labelledby="kb-danger-title"
        className="flex flex-col gap-3 rounded-2xl border border-danger/30 p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="min-w-0">
          <h3 id="kb-danger-title" className="text-sm font-semibold">
            {t("deleteTitle")}
          </h3>
          <p className="mt-0.5 text-sm text-muted-foreground">{t("deleteHint")}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setConfirming(true)}
          className="self-start text-danger hover:border-danger/40 sm:self-auto"
          data-testid="kb-delete"
        >
          <Trash2 className="size-4" aria-hidden />
          {t("delete")}
        </Button>
      </section>
      <ConfirmDialog
        open={confirming}
        title={t("deleteConfirmTitle", { name: kb.name })}
        description={t("deleteConfirm")}
        confirmLabel={t("delete")}
        destructive
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
