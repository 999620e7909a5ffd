"use client";

import type { MeridianUIMessage } from "@/components/api/types";
import { useReportError } from "@/components/hooks/use-report-error";
import type { InterruptPartData } from "@/lib/agent/interrupt-payloads";
import type { ResumeBody } from "@/lib/runs/resume-payload";
import { ApprovalCard } from "./approval-card";
import { useInterruptActions } from "./interrupt-context";
import { QuestionForm } from "./question-form";

/** Tool calls a form stands for: their cards are not shown twice in the interrupted message. */
export function toolCallsInForms(parts: MeridianUIMessage["parts"]): Set<string> {
  const ids = new Set<string>();
  for (const part of parts) {
    if (part.type !== "data-interrupt") continue;
    const data = part.data as InterruptPartData;
    if (data.kind === "approval") data.actions.forEach((a) => ids.add(a.toolCallId));
    else ids.add(data.toolCallId);
  }
  return ids;
}

/**
 * `data-interrupt`: the approval card or question form of an interrupted run. It can be
 * answered only while that run is the thread's interrupted run; afterwards it is read-only.
 */
export function InterruptPart({ data }: { data: InterruptPartData }) {
  const actions = useInterruptActions();
  const reportError = useReportError();
  const run = actions?.run ?? null;
  const waiting = run?.runId === data.runId && run.status === "interrupted";
  const actionable = Boolean(actions && !data.response && waiting && !actions.busy);
  const closed = !data.response && run !== null && !waiting;

  async function submit(body: ResumeBody) {
    try {
      await actions!.answer(data, body);
    } catch (error) {
      reportError(error);
      throw error;
    }
  }

  return data.kind === "approval" ? (
    <ApprovalCard data={data} actionable={actionable} closed={closed} onSubmit={submit} />
  ) : (
    <QuestionForm data={data} actionable={actionable} closed={closed} onSubmit={submit} />
  );
}
