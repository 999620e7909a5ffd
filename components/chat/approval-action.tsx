"use client";

import { cn } from "@/components/ui/cn";
import { Check, PencilLine, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/forms/fields";
import type { ApprovalAction, ApprovalDecision } from "@/lib/agent/interrupt-payloads";
import { formatPayload, toolPreview } from "./tool-part";

export type Decision =
  { type: "approve" } | { type: "edit"; args: Record<string, unknown> } | { type: "reject"; message?: string };

/** The arguments worth reading before deciding: the content written, the text replaced, else all of them. */
function ArgsPreview({ args }: { args: Record<string, unknown> }) {
  const t = useTranslations("interrupt.approval");
  const pre =
    "max-h-56 overflow-auto rounded-lg bg-code p-2.5 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all";
  if (typeof args.old_string === "string" && typeof args.new_string === "string") {
    return (
      <div className="space-y-1.5" data-testid="approval-args">
        <pre className={cn(pre, "text-danger line-through decoration-danger/40")}>{args.old_string}</pre>
        <pre className={cn(pre, "text-success")}>{args.new_string}</pre>
      </div>
    );
  }
  const value = typeof args.content === "string" ? args.content : args;
  const { text, truncated } = formatPayload(value);
  return (
    <div data-testid="approval-args">
      {typeof args.content === "string" && (
        <p className="mb-1 text-[11px] font-medium tracking-wide text-muted-foreground caps">{t("contentLabel")}</p>
      )}
      <pre className={pre}>{text || "—"}</pre>
      {truncated && <p className="mt-1 text-xs text-muted-foreground">…</p>}
    </div>
  );
}

function parseArgs(action: ApprovalAction, draft: string): Record<string, unknown> | null {
  if (typeof action.args.content === "string") return { ...action.args, content: draft };
  try {
    const parsed: unknown = JSON.parse(draft);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function DecisionNote({ decision }: { decision: ApprovalDecision | Decision }) {
  const t = useTranslations("interrupt.approval");
  const Icon = decision.type === "approve" ? Check : decision.type === "edit" ? PencilLine : X;
  const label = decision.type === "approve" ? t("approved") : decision.type === "edit" ? t("edited") : t("rejected");
  return (
    <p
      className={cn(
        "flex items-start gap-1.5 text-sm font-medium",
        decision.type === "reject" ? "text-danger" : "text-success",
      )}
      data-testid="approval-decision"
      data-decision={decision.type}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {label}
        {decision.type === "reject" && decision.message && (
          <span className="font-normal text-muted-foreground"> — “{decision.message}”</span>
        )}
      </span>
    </p>
  );
}

/**
 * One tool call waiting for approval: what it would do, and Approve / Edit / Reject. Once
 * decided (or when the run moved on) it shows the decision read-only.
 */
export function ApprovalActionRow({
  action,
  decision,
  actionable,
  busy,
  onDecide,
}: {
  action: ApprovalAction;
  /** The decision taken (answered, or chosen in a multi-action card), else null. */
  decision: ApprovalDecision | Decision | null;
  actionable: boolean;
  busy: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const t = useTranslations("interrupt.approval");
  const tools = useTranslations("tools");
  const [mode, setMode] = useState<"view" | "edit" | "reject">("view");
  const [draft, setDraft] = useState("");
  const [reason, setReason] = useState("");
  const editsContent = typeof action.args.content === "string";
  const edited = mode === "edit" ? parseArgs(action, draft) : null;
  const name = tools.has(`names.${action.name}`) ? tools(`names.${action.name}`) : action.name;
  const preview = toolPreview(action.args);
  const open = actionable && !busy;

  function startEdit() {
    setDraft(editsContent ? String(action.args.content) : JSON.stringify(action.args, null, 2));
    setMode("edit");
  }

  return (
    <div className="space-y-2.5" data-testid="approval-action" data-tool-name={action.name}>
      <div className="flex min-w-0 items-baseline gap-2">
        <span className="shrink-0 text-sm font-medium">{name}</span>
        {preview && <span className="min-w-0 truncate font-mono text-xs text-muted-foreground">{preview}</span>}
      </div>
      {mode === "edit" ? (
        <div className="space-y-1.5">
          <label className="block text-xs font-medium text-muted-foreground">
            {editsContent ? t("contentLabel") : t("argsLabel")}
          </label>
          <textarea
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={Math.min(12, Math.max(4, draft.split("\n").length))}
            spellCheck={false}
            aria-invalid={edited ? undefined : true}
            className={cn(controlClass, "h-auto resize-y py-2 font-mono text-xs", !edited && "border-danger")}
            data-testid="edit-args"
          />
          {!edited && <p className="text-xs text-danger">{t("invalidJson")}</p>}
        </div>
      ) : (
        <ArgsPreview args={decision?.type === "edit" ? decision.args : action.args} />
      )}
      {mode === "reject" && (
        <div className="space-y-1.5">
          <label className="block text-xs font-medium text-muted-foreground">{t("reasonLabel")}</label>
          <input
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={2000}
            placeholder={t("reasonPlaceholder")}
            className={cn(controlClass, "h-9")}
            data-testid="reject-reason"
            autoFocus
          />
        </div>
      )}
      {decision && mode === "view" && <DecisionNote decision={decision} />}
      {open && mode === "view" && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onDecide({ type: "approve" })} data-testid="approve-button">
            <Check className="size-4" aria-hidden />
            {t("approve")}
          </Button>
          <Button size="sm" variant="outline" onClick={startEdit} data-testid="edit-button">
            <PencilLine className="size-4" aria-hidden />
            {t("edit")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="text-danger"
            onClick={() => setMode("reject")}
            data-testid="reject-button"
          >
            <X className="size-4" aria-hidden />
            {t("reject")}
          </Button>
        </div>
      )}
      {open && mode !== "view" && (
        <div className="flex flex-wrap gap-2">
          {mode === "edit" ? (
            <Button
              size="sm"
              disabled={!edited}
              onClick={() => {
                if (!edited) return;
                setMode("view");
                onDecide({ type: "edit", args: edited });
              }}
              data-testid="edit-confirm"
            >
              {t("confirmEdit")}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="danger"
              onClick={() => {
                setMode("view");
                onDecide({ type: "reject", ...(reason.trim() ? { message: reason.trim() } : {}) });
              }}
              data-testid="reject-confirm"
            >
              {t("confirmReject")}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setMode("view")}>
            {t("cancel")}
          </Button>
        </div>
      )}
    </div>
  );
}
