"use client";

import { LogOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { apiFetch } from "@/components/api/client";
import { FormSection } from "@/components/forms/form-section";
import type { ApiList } from "@/components/hooks/use-api-list";
import { useReportError } from "@/components/hooks/use-report-error";
import { useSignOut } from "@/components/hooks/use-sign-out";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SessionList } from "./session-list";
import type { AccountSession } from "./types";

/** Where the account is signed in: end one sign-in, all the others, or this one. */
export function SessionsSection({ sessions }: { sessions: ApiList<AccountSession> }) {
  const t = useTranslations("account");
  const reportError = useReportError();
  const { signingOut, signOut } = useSignOut();
  const [busy, setBusy] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  const others = sessions.items?.filter((s) => !s.current).length ?? 0;

  async function act(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      reportError(err);
    } finally {
      setBusy(false);
      await sessions.reload();
    }
  }

  const endOne = (session: AccountSession) =>
    act(async () => {
      await apiFetch(`/api/account/sessions/${encodeURIComponent(session.id)}`, { method: "DELETE" });
      toast.success(t("sessionEnded"));
    });

  const endOthers = () =>
    act(async () => {
      setConfirmAll(false);
      const { ended } = await apiFetch<{ ended: number }>("/api/account/sessions", { method: "DELETE" });
      toast.success(t("othersEnded", { count: ended }));
    });

  return (
    <FormSection id="account-sessions" title={t("sessions")} description={t("sessionsHint")}>
      {sessions.error ? (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="sessions-error">
          {t("sessionsFailed")}
        </p>
      ) : sessions.items === null ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t("loading")}</p>
      ) : (
        <SessionList sessions={sessions.items} busy={busy} onEnd={(s) => void endOne(s)} />
      )}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => void signOut()}
          disabled={signingOut}
          data-testid="account-sign-out"
        >
          <LogOut className="size-4" aria-hidden />
          {t("signOutHere")}
        </Button>
        <Button
          variant="danger"
          size="sm"
          onClick={() => setConfirmAll(true)}
          disabled={busy || others === 0}
          data-testid="sessions-end-others"
        >
          {t("endOthers")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmAll}
        title={t("endOthersTitle")}
        description={t("endOthersDescription", { count: others })}
        confirmLabel={t("endOthers")}
        destructive
        onConfirm={() => void endOthers()}
        onCancel={() => setConfirmAll(false)}
      />
    </FormSection>
  );
}
