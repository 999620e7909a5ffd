import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { z } from "zod";

/**
 * State `_summarizationEvent`: the last L2 pass. Messages of state before
 * `cutoffIndex` are represented by `summaryMessage`; every later model call sees the summary
 * followed by the messages from the cutoff on. State messages themselves are never rewritten.
 */
const summarizationEventSchema = z.object({
  cutoffIndex: z.number().int().nonnegative(),
  summaryMessage: z.instanceof(HumanMessage),
  /** Where the summarised history was written; null when writing it failed. */
  filePath: z.string().nullable(),
});
export type SummarizationEvent = z.infer<typeof summarizationEventSchema>;

export const summarizationStateSchema = z.object({
  _summarizationEvent: summarizationEventSchema.optional(),
});

const SOURCE = "summarization";

/** The summary message carries this mark: token usage reads it to report that a summary is active. */
export function isSummaryMessage(message: BaseMessage | undefined): boolean {
  return HumanMessage.isInstance(message) && message.additional_kwargs?.lc_source === SOURCE;
}

/** What the model sees of `messages` after the last L2 pass: the summary, then the messages from the cutoff. */
export function effectiveMessages(messages: BaseMessage[], event: SummarizationEvent | undefined): BaseMessage[] {
  if (!event) return messages;
  return [event.summaryMessage, ...messages.slice(event.cutoffIndex)];
}

/** The index in state messages of the message at `viewIndex` of the effective view. */
export function stateIndexOf(viewIndex: number, event: SummarizationEvent | undefined): number {
  // The view starts with the summary (one message) standing for everything before the old cutoff.
  return event ? event.cutoffIndex + viewIndex - 1 : viewIndex;
}

export function summaryMessage(summary: string, filePath: string | null): HumanMessage {
  const where = filePath
    ? `The full earlier history is saved at ${filePath}; read it with read_file or search it with grep when a detail is missing.\n\n`
    : "";
  return new HumanMessage({
    content: `This conversation was summarised to stay within the context window. ${where}<summary>\n${summary.trim()}\n</summary>`,
    additional_kwargs: { lc_source: SOURCE },
  });
}
