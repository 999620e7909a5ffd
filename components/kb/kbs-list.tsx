"use client";

import { Library, Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import type { ApiList } from "@/components/hooks/use-api-list";
import { Button } from "@/components/ui/button";
import type { KbView } from "./api";
import { CreateKbDialog } from "./create-kb-dialog";
import { KbCard } from "./kb-card";
import { kbHref } from "./kb-links";

/** The knowledge bases this user may read or manage, with the "New knowledge base" dialog. */
export function KbsList({ list }: { list: ApiList<KbView> }) {
  const t = useTranslations("kbs");
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const kbs = list.items;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <p className="max-w-md min-w-0 text-sm text-muted-foreground">{t("description")}</p>
        <Button size="sm" onClick={() => setCreating(true)} data-testid="kb-create-button">
          <Plus className="size-4" aria-hidden />
          {t("create.button")}
        </Button>
      </div>
      {kbs === null && !list.error ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-label={t("loading")}>
          <div className="h-36 animate-pulse rounded-2xl bg-muted" />
          <div className="h-36 animate-pulse rounded-2xl bg-muted" />
        </div>
      ) : !kbs || kbs.length === 0 ? (
        <div
          className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-10 text-center"
          data-testid="kbs-empty"
        >
          <span className="flex size-10 items-center justify-center rounded-xl bg-muted text-muted-foreground">
            <Library className="size-5" aria-hidden />
          </span>
          <p className="max-w-sm text-sm text-muted-foreground">{list.error ? t("loadFailed") : t("empty")}</p>
          {!list.error && (
            <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden />
              {t("create.button")}
            </Button>
          )}
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2" data-testid="kbs-list">
          {kbs.map((kb) => (
            <KbCard key={kb.id} kb={kb} />
          ))}
        </div>
      )}
      <CreateKbDialog
        key={creating ? "open" : "closed"}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(kb) => {
          setCreating(false);
          toast.success(t("created", { name: kb.name }));
          list.upsert(kb);
          router.push(kbHref(kb.id));
        }}
      />
    </div>
  );
}
