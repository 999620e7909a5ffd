"use client";

import { cn } from "@/components/ui/cn";
import { MessageCircleQuestion } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/forms/fields";
import type { InterruptPartData, Question, QuestionAnswer, QuestionResume } from "@/lib/agent/interrupt-payloads";
import type { InterruptCardProps } from "./interrupt-card-props";

type QuestionData = Extract<InterruptPartData, { kind: "question" }>;
type Draft = { optionIds: string[]; other: string; otherChosen: boolean };

const emptyDraft = (): Draft => ({ optionIds: [], other: "", otherChosen: false });

/** A question is answered when it has one choice (single) or at least one (multi); "Other" needs text. */
function isAnswered(q: Question, d: Draft): boolean {
  const other = d.otherChosen && d.other.trim().length > 0;
  if (d.otherChosen && !other) return false;
  const count = d.optionIds.length + (other ? 1 : 0);
  return q.multiSelect ? count >= 1 : count === 1;
}

function toAnswer(q: Question, d: Draft): QuestionAnswer {
  const other = d.otherChosen ? d.other.trim() : "";
  return { questionId: q.id, optionIds: d.optionIds, ...(other ? { other } : {}) };
}

function QuestionBlock({
  question,
  draft,
  answer,
  open,
  onChange,
}: {
  question: Question;
  draft: Draft;
  answer: QuestionAnswer | undefined;
  open: boolean;
  onChange: (draft: Draft) => void;
}) {
  const t = useTranslations("interrupt.question");
  const kind = question.multiSelect ? "checkbox" : "radio";
  const chosen = (id: string) => (answer ? answer.optionIds.includes(id) : draft.optionIds.includes(id));
  const otherChosen = answer ? Boolean(answer.other) : draft.otherChosen;

  function toggle(id: string) {
    if (!question.multiSelect) return onChange({ ...draft, optionIds: [id], otherChosen: false });
    const optionIds = draft.optionIds.includes(id) ? draft.optionIds.filter((o) => o !== id) : [...draft.optionIds, id];
    onChange({ ...draft, optionIds });
  }

  const row = (selected: boolean, align = "items-start") =>
    cn(
      "flex gap-2.5 rounded-lg border px-3 py-2 transition-colors",
      align,
      selected ? "border-brand/50 bg-brand-soft" : "border-border",
      open ? "cursor-pointer hover:bg-muted/60" : "cursor-default",
      !open && !selected && "opacity-60",
    );

  return (
    <fieldset className="space-y-2" data-testid="question" data-question-id={question.id} disabled={!open}>
      <legend className="mb-2 w-full">
        {question.header && (
          <span className="mb-1 inline-block rounded-md bg-muted px-1.5 py-0.5 text-[11px] font-medium tracking-wide text-muted-foreground caps">
            {question.header}
          </span>
        )}
        <span className="block font-medium">{question.question}</span>
        <span className="block text-xs text-muted-foreground">
          {question.multiSelect ? t("chooseAny") : t("chooseOne")}
        </span>
      </legend>
      {question.options.map((option) => (
        <label
          key={option.id}
          className={row(chosen(option.id))}
          data-testid="question-option"
          data-option-id={option.id}
        >
          <input
            type={kind}
            name={question.id}
            checked={chosen(option.id)}
            onChange={() => toggle(option.id)}
            className="mt-0.5 size-4 shrink-0 accent-brand"
          />
          <span className="min-w-0">
            <span className="block">{option.label}</span>
            {option.description && <span className="block text-xs text-muted-foreground">{option.description}</span>}
          </span>
        </label>
      ))}
      {question.allowOther && (
        <label className={row(otherChosen, "items-center")}>
          <input
            type={kind}
            name={question.id}
            checked={otherChosen}
            onChange={() =>
              onChange(
                question.multiSelect
                  ? { ...draft, otherChosen: !draft.otherChosen }
                  : { ...draft, optionIds: [], otherChosen: true },
              )
            }
            className="size-4 shrink-0 accent-brand"
            aria-label={t("other")}
          />
          <span className="shrink-0">{t("other")}</span>
          <input
            value={answer ? (answer.other ?? "") : draft.other}
            onChange={(e) => {
              const other = e.target.value;
              onChange(
                question.multiSelect
                  ? { ...draft, other, otherChosen: true }
                  : { optionIds: [], other, otherChosen: true },
              );
            }}
            maxLength={2000}
            placeholder={t("otherPlaceholder")}
            className={cn(
              controlClass,
              "h-8 min-w-0 flex-1 rounded-lg",
              answer && "disabled:cursor-default disabled:opacity-100",
            )}
            data-testid="question-other-input"
          />
        </label>
      )}
      {answer && !answer.optionIds.length && !answer.other && (
        <p className="text-xs text-muted-foreground">{t("noAnswer")}</p>
      )}
    </fieldset>
  );
}

/** `ask_user_question`: radio or checkboxes per question, "Other" with text, submit once every question is answered. */
export function QuestionForm({ data, actionable, closed, onSubmit }: InterruptCardProps<QuestionData>) {
  const t = useTranslations("interrupt");
  const answered = (data.response as QuestionResume | undefined)?.answers;
  const [drafts, setDrafts] = useState<Draft[]>(() => data.questions.map(emptyDraft));
  const [sending, setSending] = useState(false);
  const open = actionable && !answered && !sending;
  const valid = data.questions.every((q, i) => isAnswered(q, drafts[i]));

  async function submit() {
    setSending(true);
    try {
      await onSubmit({ answers: data.questions.map((q, i) => toAnswer(q, drafts[i])) });
    } catch {
      // Reported by the caller; the form stays open to try again.
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="overflow-hidden rounded-xl border border-brand/30 bg-card text-sm shadow-(--shadow-popover)"
      data-testid="question-form"
      data-state={answered ? "answered" : actionable ? "open" : closed ? "closed" : "waiting"}
      onSubmit={(e) => {
        e.preventDefault();
        if (open && valid) void submit();
      }}
    >
      <header className="flex items-center gap-2.5 border-b border-border bg-brand-soft/60 px-3.5 py-2.5">
        <MessageCircleQuestion className="size-4 shrink-0 text-brand" aria-hidden />
        <h3 className="font-medium">{t("question.title", { count: data.questions.length })}</h3>
        {answered && <span className="ml-auto text-xs text-success">{t("question.answered")}</span>}
      </header>
      <div className="space-y-5 px-3.5 py-3.5">
        {data.questions.map((question, i) => (
          <QuestionBlock
            key={question.id}
            question={question}
            draft={drafts[i]}
            answer={answered?.find((a) => a.questionId === question.id)}
            open={open}
            onChange={(draft) => setDrafts((current) => current.map((d, j) => (j === i ? draft : d)))}
          />
        ))}
      </div>
      {!answered && closed && <p className="px-3.5 pb-3 text-xs text-muted-foreground">{t("question.notAnswered")}</p>}
      {actionable && !answered && (
        <footer className="flex justify-end border-t border-border px-3.5 py-2.5">
          <Button type="submit" size="sm" disabled={!valid || sending} data-testid="question-submit">
            {sending ? t("sending") : t("question.submit")}
          </Button>
        </footer>
      )}
    </form>
  );
}
