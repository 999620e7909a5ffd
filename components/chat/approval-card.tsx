"use client";

import { ShieldAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { ApprovalRequest, ApprovalResume, InterruptPartData } from "@/lib/agent/interrupt-payloads";
import { ApprovalActionRow, type Decision } from "./approval-action";
import type { InterruptCardProps } from "./interrupt-card-props";

type ApprovalData = Extract<InterruptPartData, { kind: "approval" }> & ApprovalRequest;

/**
 * Tool calls waiting for the user's approval. One action: its buttons decide at once. Several:
 * each gets a decision, then one submit sends them in order (the server checks the count).
 */
export function ApprovalCard({ data, actionable, closed, onSubmit }: InterruptCardProps<ApprovalData>) {
  const t = useTranslations("interrupt");
  const { actions } = data;
  const answered = (data.response as ApprovalResume | undefined)?.decisions;
  const [chosen, setChosen] = useState<(Decision | null)[]>(() => actions.map(() => null));
  const [sending, setSending] = useState(false);
  const single = actions.length === 1;

  async function send(decisions: Decision[]) {
    setSending(true);
    try {
      await onSubmit({ decisions });
    } catch {
      // Reported by the caller; the card stays open to try again.
    } finally {
      setSending(false);
    }
  }

  function decide(index: number, decision: Decision) {
    if (single) return void send([decision]);
    setChosen((current) => current.map((d, i) => (i === index ? decision : d)));
  }

  const complete = chosen.every(Boolean);
  return (
    <section
      className="overflow-hidden rounded-xl border border-warning/40 bg-card text-sm shadow-(--shadow-popover)"
      data-testid="approval-card"
      data-state={answered ? "answered" : actionable ? "open" : closed ? "closed" : "waiting"}
    >
      <header className="flex items-start gap-2.5 border-b border-border bg-warning/5 px-3.5 py-2.5">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <div className="min-w-0">
          <h3 className="font-medium">{t("approval.title")}</h3>
          {!answered && actionable && (
            <p className="text-xs text-muted-foreground">{t("approval.intro", { count: actions.length })}</p>
          )}
        </div>
      </header>
      <div className="divide-y divide-border">
        {actions.map((action, i) => (
          <div key={action.toolCallId || i} className="px-3.5 py-3">
            <ApprovalActionRow
              action={action}
              decision={answered?.find((d) => d.toolCallId === action.toolCallId) ?? chosen[i]}
              actionable={actionable && !answered}
              busy={sending}
              onDecide={(decision) => decide(i, decision)}
            />
          </div>
        ))}
      </div>
      {!answered && closed && <p className="px-3.5 pb-3 text-xs text-muted-foreground">{t("approval.notAnswered")}</p>}
      {!single && actionable && !answered && (
        <footer className="flex items-center justify-end gap-3 border-t border-border px-3.5 py-2.5">
          {!complete && <span className="text-xs text-muted-foreground">{t("approval.undecided")}</span>}
          <Button
            size="sm"
            disabled={!complete || sending}
            onClick={() => void send(chosen as Decision[])}
            data-testid="approval-submit"
          >
            {sending ? t("sending") : t("approval.submit")}
          </Button>
        </footer>
      )}
      {single && sending && <p className="px-3.5 pb-3 text-xs text-muted-foreground">{t("sending")}</p>}
    </section>
  );
}
