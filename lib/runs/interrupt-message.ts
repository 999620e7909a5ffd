import type { UIMessage } from "ai";
import type { Actor } from "@/lib/identity/actor";
import type { RunStatus } from "@/lib/db/schema";
import { listMessages, saveMessage } from "@/lib/db/messages";
import { settleInterruptParts, type InterruptPartData } from "@/lib/agent/interrupt-payloads";

/**
 * Rewrites the saved message of an interrupted run once the interrupt is settled (answered,
 * or dropped by a cancel or a new message), so a reload shows the answer and no open form.
 */
export async function recordInterruptOutcome(
  actor: Actor,
  threadId: string,
  runId: string,
  outcome: { status: RunStatus; response?: InterruptPartData["response"] },
): Promise<void> {
  const messages = await listMessages(actor, threadId);
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message.role !== "assistant") continue;
    const parts = settleInterruptParts(message.parts as { type: string }[], runId, outcome);
    if (!parts) continue;
    await saveMessage(actor, threadId, { ...message, parts: parts as UIMessage["parts"] }, runId);
    return;
  }
}
