import { tool } from "@langchain/core/tools";
import { interrupt } from "@langchain/langgraph";
import { z } from "zod";
import {
  questionResumeSchema,
  type Question,
  type QuestionRequest,
  type QuestionResume,
} from "@/lib/agent/interrupt-payloads";
import { ASK_USER_QUESTION } from "./names";
import { toolMetadata } from "./tool-properties";

const MAX_QUESTIONS = 5;
const MIN_OPTIONS = 2;
const MAX_OPTIONS = 5;

const optionArgs = z.object({
  label: z.string().trim().min(1).max(200).describe("The choice as the user reads it"),
  description: z.string().trim().max(500).optional().describe("What choosing it means, if not obvious"),
});

const askUserQuestionArgs = z.object({
  questions: z
    .array(
      z.object({
        question: z.string().trim().min(1).max(1000).describe("The complete question"),
        header: z.string().trim().max(40).optional().describe("A short label of a few words shown above the question"),
        options: z
          .array(optionArgs)
          .min(MIN_OPTIONS)
          .max(MAX_OPTIONS)
          .describe(`${MIN_OPTIONS} to ${MAX_OPTIONS} choices`),
        multiSelect: z.boolean().default(false).describe("Whether the user may pick several options"),
        allowOther: z.boolean().default(true).describe("Whether the user may answer in their own words instead"),
      }),
    )
    .min(1)
    .max(MAX_QUESTIONS)
    .describe(`1 to ${MAX_QUESTIONS} questions, asked together in one form`),
});

export type AskUserQuestionArgs = z.infer<typeof askUserQuestionArgs>;

/** A readable tool error for arguments the schema refuses, or null when they are valid. */
export function askUserQuestionArgsError(args: unknown): string | null {
  const parsed = askUserQuestionArgs.safeParse(args);
  if (parsed.success) return null;
  return (
    `Error: ${ASK_USER_QUESTION} was called with invalid arguments (${z.prettifyError(parsed.error).replace(/\s*\n\s*/g, " ")}). ` +
    `Send 1-${MAX_QUESTIONS} questions, each with ${MIN_OPTIONS}-${MAX_OPTIONS} options ({label, description?}), and call it again.`
  );
}

/** The form the user sees: stable ids (q1, q1-o1, ...) so the answer can be checked against it. */
function questionRequestFrom(args: AskUserQuestionArgs, toolCallId: string): QuestionRequest {
  const questions: Question[] = args.questions.map((q, i) => ({
    id: `q${i + 1}`,
    question: q.question,
    ...(q.header ? { header: q.header } : {}),
    options: q.options.map((o, j) => ({
      id: `q${i + 1}-o${j + 1}`,
      label: o.label,
      ...(o.description ? { description: o.description } : {}),
    })),
    multiSelect: q.multiSelect,
    allowOther: q.allowOther,
  }));
  return { kind: "question", toolCallId, questions };
}

/** The answers as the model reads them: each question with the chosen labels and any own words. */
function formatAnswers(request: QuestionRequest, resume: QuestionResume): string {
  const lines = ["The user answered:"];
  request.questions.forEach((q, i) => {
    const answer = resume.answers.find((a) => a.questionId === q.id);
    const chosen = (answer?.optionIds ?? [])
      .map((id) => q.options.find((o) => o.id === id)?.label)
      .filter((label): label is string => Boolean(label));
    const parts = chosen.map((label) => `"${label}"`);
    if (answer?.other) parts.push(`in their own words: "${answer.other}"`);
    lines.push(`${i + 1}. ${q.question}`, `   -> ${parts.length ? parts.join(", ") : "(no answer)"}`);
  });
  return lines.join("\n");
}

/**
 * `ask_user_question`: pauses the run with a form (LangGraph `interrupt`); the server resumes it
 * with answers it has checked against this very form, and the model reads them as the result.
 */
export const askUserQuestionTool = tool(
  async (args: AskUserQuestionArgs, config) => {
    const request = questionRequestFrom(askUserQuestionArgs.parse(args), config.toolCall?.id ?? "");
    const resumed = questionResumeSchema.safeParse(interrupt(request));
    if (!resumed.success)
      return "Error: the answer to the questions could not be read. Ask again if you still need it.";
    return formatAnswers(request, resumed.data);
  },
  {
    name: ASK_USER_QUESTION,
    description:
      "Ask the user 1-5 multiple-choice questions in one form and wait for the answers. Use it when you need a " +
      "decision or a preference you cannot infer (scope, format, which option to take), not for things you can look up. " +
      "Each question has 2-5 options; set multiSelect when several may apply. The user may also answer in their own words.",
    schema: askUserQuestionArgs,
    // Asks the user in this conversation: never waits for approval itself; subagents cannot ask.
    metadata: toolMetadata({ sideEffect: "conversation", mainAgentOnly: true, middlewareOwned: true }),
  },
);
