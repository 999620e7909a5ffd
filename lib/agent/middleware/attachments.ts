import { createMiddleware } from "langchain";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { Actor } from "@/lib/identity/actor";
import { runContextOf } from "@/lib/agent/run-context";
import { listAttachmentsForModel } from "@/lib/db/attachments";
import { attachmentBlock } from "@/lib/agent/attachment-block";

/** A copy of `message` with the block appended; the original (state, history, UI) is untouched. */
function withAttachmentBlock(message: HumanMessage, block: string): HumanMessage {
  const content =
    typeof message.content === "string"
      ? `${message.content}\n\n${block}`
      : [...message.content, { type: "text" as const, text: `\n\n${block}` }];
  return new HumanMessage({
    content,
    id: message.id,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  });
}

/**
 * Slot 2: each run lists the conversation's attachments (name and virtual path) in
 * the model-visible copy of the latest user message only. The list is read once per run (not at
 * all in a conversation's first run when that run's request created the thread).
 */
export function attachmentsMiddleware(actor: Actor) {
  let cached: { runId: string; block: string | null } | null = null;

  async function blockFor(runId: string, rootThreadId: string): Promise<string | null> {
    if (cached?.runId !== runId) {
      const files = await listAttachmentsForModel(actor, rootThreadId);
      cached = { runId, block: files.length ? attachmentBlock(files) : null };
    }
    return cached.block;
  }

  return createMiddleware({
    name: "AttachmentsMiddleware",
    wrapModelCall: async (request, handler) => {
      const run = runContextOf(request.runtime);
      // A conversation this run's request created has nothing attached yet: no query.
      if (!run || run.newConversation) return handler(request);
      const block = await blockFor(run.runId, run.rootThreadId);
      const at = lastHumanIndex(request.messages);
      if (!block || at < 0) return handler(request);
      const messages = [...request.messages];
      messages[at] = withAttachmentBlock(messages[at] as HumanMessage, block);
      return handler({ ...request, messages });
    },
  });
}

function lastHumanIndex(messages: BaseMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (HumanMessage.isInstance(messages[i])) return i;
  return -1;
}
