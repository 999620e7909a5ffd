import { z } from "zod";

/**
 * What a run waits for when it is interrupted (the value stored in the checkpoint), and what
 * the server resumes it with after validating the user's answer against that stored value.
 * Shared by the human-in-the-loop middleware, `ask_user_question`, the run executor and the UI.
 */

export const DECISION_TYPES = ["approve", "edit", "reject"] as const;

const jsonObject = z.record(z.string(), z.unknown());

const approvalActionSchema = z.object({
  toolCallId: z.string(),
  name: z.string(),
  args: jsonObject,
  allowedDecisions: z.array(z.enum(DECISION_TYPES)).min(1),
  /** JSON schema of the tool's arguments, when known: edited arguments must satisfy it. */
  argsSchema: jsonObject.optional(),
});

const approvalRequestSchema = z.object({
  kind: z.literal("approval"),
  actions: z.array(approvalActionSchema).min(1),
});

const questionOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string().optional(),
});

const questionSchema = z.object({
  id: z.string(),
  question: z.string(),
  header: z.string().optional(),
  options: z.array(questionOptionSchema).min(2),
  multiSelect: z.boolean(),
  allowOther: z.boolean(),
});

const questionRequestSchema = z.object({
  kind: z.literal("question"),
  toolCallId: z.string(),
  questions: z.array(questionSchema).min(1),
});

export const interruptRequestSchema = z.discriminatedUnion("kind", [approvalRequestSchema, questionRequestSchema]);

export type ApprovalAction = z.infer<typeof approvalActionSchema>;
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;
export type Question = z.infer<typeof questionSchema>;
export type QuestionRequest = z.infer<typeof questionRequestSchema>;
export type InterruptRequest = z.infer<typeof interruptRequestSchema>;

/** Resume values: built by the server from a validated payload, one entry per pending action / question. */
export const approvalResumeSchema = z.object({
  decisions: z.array(
    z.discriminatedUnion("type", [
      z.object({ toolCallId: z.string(), type: z.literal("approve") }),
      z.object({ toolCallId: z.string(), type: z.literal("edit"), args: jsonObject }),
      z.object({ toolCallId: z.string(), type: z.literal("reject"), message: z.string().optional() }),
    ]),
  ),
});

export const questionResumeSchema = z.object({
  answers: z.array(
    z.object({
      questionId: z.string(),
      optionIds: z.array(z.string()),
      other: z.string().optional(),
    }),
  ),
});

export type ApprovalResume = z.infer<typeof approvalResumeSchema>;
export type ApprovalDecision = ApprovalResume["decisions"][number];
export type QuestionResume = z.infer<typeof questionResumeSchema>;
export type QuestionAnswer = QuestionResume["answers"][number];

/** The `data-interrupt` UI part (lib/agent/ui-parts.ts): the pending request, and the answer once it was given. */
export const interruptPartSchema = z.intersection(
  interruptRequestSchema,
  z.object({
    runId: z.string(),
    interruptId: z.string(),
    response: z.union([approvalResumeSchema, questionResumeSchema]).optional(),
  }),
);
export type InterruptPartData = z.infer<typeof interruptPartSchema>;

export const INTERRUPT_PART_ID = "interrupt";

type LoosePart = { type: string; id?: string; data?: unknown };

/**
 * The parts of an interrupted run's message once its interrupt is settled: the form keeps the
 * answer (shown read-only) and the run part its final status. Null when the message is not that run's.
 */
export function settleInterruptParts<P extends LoosePart>(
  parts: P[],
  runId: string,
  outcome: { status: string; response?: InterruptPartData["response"] },
): P[] | null {
  const ofRun = parts.some(
    (p) => p.type === "data-interrupt" && (p.data as InterruptPartData | undefined)?.runId === runId,
  );
  if (!ofRun) return null;
  return parts.map((p) => {
    if (p.type === "data-interrupt" && outcome.response)
      return { ...p, data: { ...(p.data as object), response: outcome.response } };
    if (p.type === "data-run" && (p.data as { runId?: string } | undefined)?.runId === runId) {
      return { ...p, data: { ...(p.data as object), status: outcome.status } };
    }
    return p;
  });
}
