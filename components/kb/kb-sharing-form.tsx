"use client";

import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import type { AgentsActor } from "@/components/admin/agents/types";
import { FormError } from "@/components/forms/fields";
import { SharingEditor } from "@/components/sharing/sharing-editor";
import { privateSharing, sameSharing } from "@/components/sharing/sharing-state";
import { useSharingForm } from "@/components/sharing/use-sharing-form";
import { Button } from "@/components/ui/button";
import { kbsApi, type KbView } from "./api";

/** Who may read (list, open, query) and manage (upload, delete, settings) the knowledge base. */
export function KbSharingForm({
  kb,
  actor,
  onSaved,
}: {
  kb: KbView;
  actor: AgentsActor;
  onSaved: (kb: KbView) => void;
}) {
  const t = useTranslations("kbs.settings");
  const saved = kb.sharing ?? privateSharing();
  const { sharing, setSharing, directory, error, saving, save } = useSharingForm({
    actor,
    saved,
    persist: async (next) => {
      const view = await kbsApi.update(kb.id, { sharing: next });
      toast.success(t("sharingSaved"));
      onSaved(view);
    },
    forbidden: t("sharingForbidden"),
  });

  return (
    <section
      aria-labelledby="kb-sharing-title"
      className="space-y-4 rounded-2xl border border-border bg-card p-4"
      data-testid="kb-sharing"
    >
      <div>
        <h3 id="kb-sharing-title" className="text-sm font-semibold">
          {t("sharingTitle")}
        </h3>
        <p className="mt-0.5 text-sm text-muted-foreground">{t("sharingHint")}</p>
      </div>
      {directory ? (
        <SharingEditor value={sharing} onChange={setSharing} actor={actor} directory={directory} />
      ) : (
        <div className="h-24 animate-pulse rounded-xl bg-muted" />
      )}
      <FormError message={error} data-testid="kb-sharing-error" />
      <div className="flex justify-end">
        <Button
          size="sm"
          onClick={() => void save()}
          disabled={saving || !directory || sameSharing(sharing, saved)}
          data-testid="kb-sharing-save"
        >
          {saving && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
          {t("sharingSave")}
        </Button>
      </div>
    </section>
  );
}
