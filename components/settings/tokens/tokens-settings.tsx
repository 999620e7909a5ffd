"use client";

import { KeyRound, Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { apiFetch } from "@/components/api/client";
import { useApiList } from "@/components/hooks/use-api-list";
import { useReportError } from "@/components/hooks/use-report-error";
import { ShellPageHeader } from "@/components/shell/shell-page-header";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CreateTokenDialog } from "./create-token-dialog";
import { TokenList } from "./token-list";
import type { ApiToken } from "./types";

/** Personal API tokens: create (shown once), list, revoke. */
export function TokensSettings() {
  const t = useTranslations("tokens");
  const reportError = useReportError();
  const tokens = useApiList<ApiToken>("/api/tokens");
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  async function revoke(token: ApiToken) {
    setRevoking(null);
    try {
      await apiFetch(`/api/tokens/${token.id}`, { method: "DELETE" });
      toast.success(t("toasts.revoked", { name: token.name }));
    } catch (err) {
      reportError(err);
    }
    await tokens.reload();
  }

  return (
    <div className="flex min-w-0 flex-1 flex-col" data-testid="tokens-page">
      <ShellPageHeader title={t("title")} />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:py-8">
          <div className="mb-6 flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
            <div className="max-w-xl min-w-0 space-y-2">
              <p className="text-sm text-muted-foreground">{t("description")}</p>
              <p className="text-xs text-muted-foreground">
                {t("usage")}{" "}
                <code className="rounded-md bg-muted px-1.5 py-0.5 font-mono">Authorization: Bearer mrd_…</code>
              </p>
            </div>
            <Button size="sm" onClick={() => setCreating(true)} data-testid="token-create">
              <Plus className="size-4" aria-hidden />
              {t("create")}
            </Button>
          </div>
          <div className="overflow-hidden rounded-2xl border border-border bg-card">
            {tokens.error ? (
              <p className="px-6 py-12 text-center text-sm text-muted-foreground" data-testid="tokens-error">
                {t("loadFailed")}
              </p>
            ) : tokens.items === null ? (
              <p className="px-6 py-12 text-center text-sm text-muted-foreground">{t("loading")}</p>
            ) : tokens.items.length === 0 ? (
              <div className="flex flex-col items-center px-6 py-12 text-center" data-testid="tokens-empty">
                <KeyRound className="size-5 text-muted-foreground" aria-hidden />
                <p className="mt-3 text-sm text-muted-foreground">{t("empty")}</p>
              </div>
            ) : (
              <TokenList tokens={tokens.items} onRevoke={setRevoking} />
            )}
          </div>
        </div>
      </div>

      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} onCreated={() => void tokens.reload()} />
      <ConfirmDialog
        open={revoking !== null}
        title={t("revokeTitle", { name: revoking?.name ?? "" })}
        description={t("revokeDescription")}
        confirmLabel={t("revoke")}
        destructive
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
