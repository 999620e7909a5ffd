import { Validator } from "@langchain/core/utils/json_schema";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import type {
  ApprovalDecision,
  ApprovalRequest,
  ApprovalResume,
  InterruptRequest,
  QuestionRequest,
  QuestionResume,
} from "@/lib/agent/interrupt-payloads";

const MAX_REASON_LENGTH = 2000;
const MAX_OTHER_LENGTH = 2000;

/** The body of `POST /api/runs/:id/resume`: decisions in the order of the pending actions, or answers. */
export const resumeBodySchema = z.union([
  z.strictObject({
    decisions: z
      .array(
        z.discriminatedUnion("type", [
          z.strictObject({ type: z.literal("approve"), toolCallId: z.string().optional() }),
          z.strictObject({
            type: z.literal("edit"),
            toolCallId: z.string().optional(),
            args: z.record(z.string(), z.unknown()),
          }),
          z.strictObject({
            type: z.literal("reject"),
            toolCallId: z.string().optional(),
            message: z.string().max(MAX_REASON_LENGTH).optional(),
          }),
        ]),
      )
      .min(1)
      .max(50),
  }),
  z.strictObject({
    answers: z
      .array(
        z.strictObject({
          questionId: z.string().min(1).max(100),
          optionIds: z.array(z.string().min(1).max(100)).max(10).default([]),
          other: z.string().max(MAX_OTHER_LENGTH).optional(),
        }),
      )
      .min(1)
      .max(10),
  }),
]);

export type ResumeBody = z.infer<typeof resumeBodySchema>;

const refuse = (message: string) => new ApiError("bad_request:resume", message);

/**
 * Checks the user's payload against the interrupt stored in the checkpoint and builds the
 * value the run resumes with. Tool calls and questions come from the stored interrupt only.
 */
export function resumeValueFor(request: InterruptRequest, body: ResumeBody): ApprovalResume | QuestionResume {
  if (request.kind === "approval") {
    if (!("decisions" in body)) throw refuse("This run is waiting for approval decisions, not answers.");
    return { decisions: approvalDecisions(request, body.decisions) };
  }
  if (!("answers" in body)) throw refuse("This run is waiting for answers to its questions, not approval decisions.");
  return { answers: questionAnswers(request, body.answers) };
}

function approvalDecisions(
  request: ApprovalRequest,
  decisions: Extract<ResumeBody, { decisions: unknown }>["decisions"],
): ApprovalDecision[] {
  const { actions } = request;
  if (decisions.length !== actions.length) {
    throw refuse(`Send one decision per pending action: ${actions.length} expected, ${decisions.length} received.`);
  }
  return decisions.map((decision, i) => {
    const action = actions[i];
    if (decision.toolCallId !== undefined && decision.toolCallId !== action.toolCallId) {
      throw refuse(`Decision ${i + 1} is for another tool call than the one waiting at that position.`);
    }
    if (!action.allowedDecisions.includes(decision.type)) {
      throw refuse(`"${decision.type}" is not allowed for ${action.name}.`);
    }
    const toolCallId = action.toolCallId;
    if (decision.type === "approve") return { toolCallId, type: "approve" };
    if (decision.type === "reject") {
      const message = decision.message?.trim();
      return { toolCallId, type: "reject", ...(message ? { message } : {}) };
    }
    const problem = editedArgsProblem(action.args, decision.args, action.argsSchema);
    if (problem) throw refuse(`The edited arguments of ${action.name} are not valid: ${problem}`);
    return { toolCallId, type: "edit", args: decision.args };
  });
}

/** Edited arguments must satisfy the tool's schema (or, without one, keep the original's argument names). */
function editedArgsProblem(
  original: Record<string, unknown>,
  edited: Record<string, unknown>,
  schema: Record<string, unknown> | undefined,
): string | null {
  if (schema) {
    const result = new Validator(schema as never, "2020-12", false).validate(edited);
    if (result.valid) return null;
    const leaf = result.errors.at(-1);
    if (!leaf) return "they do not match the tool's schema";
    const field = leaf.instanceLocation.replace(/^#\/?/, "");
    // additionalProperties: false reports an extra key as a "False boolean schema".
    if (leaf.keyword === "false") return `unknown argument "${field}"`;
    return `${field || "arguments"}: ${leaf.error}`;
  }
  const unknown = Object.keys(edited).filter((key) => !(key in original));
  return unknown.length ? `unknown argument ${unknown.map((k) => `"${k}"`).join(", ")}` : null;
}

function questionAnswers(
  request: QuestionRequest,
  answers: Extract<ResumeBody, { answers: unknown }>["answers"],
): QuestionResume["answers"] {
  const seen = new Set<string>();
  const normalized = answers.map((answer) => {
    const question = request.questions.find((q) => q.id === answer.questionId);
    if (!question) throw refuse(`There is no question "${answer.questionId}" in this form.`);
    if (seen.has(question.id)) throw refuse(`Question "${question.id}" is answered twice.`);
    seen.add(question.id);
    const optionIds = [...new Set(answer.optionIds)];
    const offered = new Set(question.options.map((o) => o.id));
    const foreign = optionIds.find((id) => !offered.has(id));
    if (foreign) throw refuse(`Option "${foreign}" is not offered for question "${question.id}".`);
    const other = answer.other?.trim() ?? "";
    if (other && !question.allowOther)
      throw refuse(`Question "${question.id}" does not take an answer in your own words.`);
    const choices = optionIds.length + (other ? 1 : 0);
    if (choices === 0) throw refuse(`Question "${question.id}" has no answer.`);
    if (!question.multiSelect && choices > 1) throw refuse(`Question "${question.id}" takes one answer only.`);
    return { questionId: question.id, optionIds, ...(other ? { other } : {}) };
  });
  const missing = request.questions.filter((q) => !seen.has(q.id));
  if (missing.length) throw refuse(`Answer every question: ${missing.map((q) => `"${q.id}"`).join(", ")} missing.`);
  // In the form's order, whatever order they were sent in.
  return request.questions.map((q) => normalized.find((a) => a.questionId === q.id)!);
}
