"use client";

import { cn } from "@/components/ui/cn";
import { ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { TodoStatusIcon } from "@/components/panels/todo-status-icon";
import { WRITE_TODOS } from "@/lib/agent/tools/names";
import { isSettledPlanCall, planView, type PlanView } from "./live-run";
import { formatPayload, getToolName, todosFromInput, toolPreview, type AnyToolPart } from "./tool-part";
import { ToolStatusIcon } from "./tool-status-icon";

function Payload({ label, value, tone }: { label: string; value: unknown; tone?: "danger" }) {
  const t = useTranslations("tools");
  const { text, truncated } = formatPayload(value);
  return (
    <div>
      <div className="mb-1 text-[11px] font-medium tracking-wide text-muted-foreground caps">{label}</div>
      <pre
        className={cn(
          "max-h-72 overflow-auto rounded-lg bg-code p-2.5 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all",
          tone === "danger" && "text-danger",
        )}
      >
        {text || "—"}
      </pre>
      {truncated && <p className="mt-1 text-xs text-muted-foreground">{t("truncated")}</p>}
    </div>
  );
}

function TodoSummary({ plan }: { plan: PlanView }) {
  return (
    <ul className="space-y-1">
      {plan.items.map((todo, index) => (
        <li
          key={index}
          className="flex items-start gap-2 text-sm"
          data-testid="plan-card-item"
          data-status={todo.status}
        >
          <TodoStatusIcon status={todo.status} live={false} className="mt-0.5" />
          <span
            className={cn(
              todo.status === "completed" && "text-muted-foreground line-through",
              todo.status === "stopped" && "text-muted-foreground",
            )}
          >
            {todo.content}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * One tool call: name, state and a preview; expands to its input and output. A plan
 * (`write_todos`) is counted only once its input has fully arrived, so its count never jumps;
 * `stopped`: this is the latest plan of an answer whose run was cancelled or failed.
 */
export function ToolCard({ part, stopped = false }: { part: AnyToolPart; stopped?: boolean }) {
  const t = useTranslations("tools");
  const [open, setOpen] = useState(false);
  const name = getToolName(part);
  const isTodos = name === WRITE_TODOS;
  const drafting = isTodos && part.state === "input-streaming";
  const plan = isTodos && isSettledPlanCall(part) ? planView(todosFromInput(part.input), stopped) : null;

  const title = isTodos ? t("updatedPlan") : t.has(`names.${name}`) ? t(`names.${name}`) : name;
  const preview = isTodos
    ? drafting
      ? t("planDrafting")
      : plan?.total
        ? t("planProgress", { done: plan.done, total: plan.total })
        : null
    : toolPreview(part.input);

  return (
    <div
      className="w-full max-w-full overflow-hidden rounded-xl border border-border bg-card text-sm"
      data-testid="tool-card"
      data-tool-name={name}
      data-state={part.state}
      data-done={plan?.total ? plan.done : undefined}
      data-total={plan?.total || undefined}
    >
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        className="flex w-full items-center gap-2.5 px-3 py-2 text-left transition-colors hover:bg-muted/60"
      >
        <span className="flex size-5 shrink-0 items-center justify-center rounded-md bg-muted">
          <ToolStatusIcon state={part.state} />
        </span>
        <span className={cn("shrink-0 font-medium", !isTodos && !t.has(`names.${name}`) && "font-mono text-[13px]")}>
          {title}
        </span>
        {preview && (
          <span className={cn("min-w-0 flex-1 truncate text-xs text-muted-foreground", !isTodos && "font-mono")}>
            {preview}
          </span>
        )}
        {!preview && <span className="flex-1" />}
        {part.state === "approval-requested" && (
          <span className="shrink-0 text-xs text-warning">{t("awaitingApproval")}</span>
        )}
        <ChevronRight
          className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-90")}
          aria-hidden
        />
      </button>
      {open && (
        <div className="animate-fade-in space-y-3 border-t border-border px-3 py-3" data-testid="tool-card-details">
          {plan && plan.total > 0 ? (
            <TodoSummary plan={plan} />
          ) : (
            <Payload label={t("input")} value={part.input ?? ""} />
          )}
          {part.state === "output-available" && !isTodos && <Payload label={t("output")} value={part.output} />}
          {part.state === "output-error" && <Payload label={t("error")} value={part.errorText} tone="danger" />}
          {part.state === "output-denied" && <p className="text-xs text-muted-foreground">{t("denied")}</p>}
        </div>
      )}
    </div>
  );
}
