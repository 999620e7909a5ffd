import type { Actor } from "@/lib/identity/actor";
import { listMessages } from "@/lib/db/messages";
import { updateRunUsage } from "@/lib/db/runs";
import { withInternalCall } from "@/lib/agent/usage-aggregate";
import { findThread, replaceAutoTitle } from "@/lib/db/threads";
import { completeOnce } from "@/lib/models/complete";
import { messageText } from "./message-text";
import { autoTitle, sanitizeTitle, titleMessages } from "./title-prompt";

const TITLE_TIMEOUT_MS = 20_000;

/**
 * After a conversation's first answer: a short title from the chat model (not streamed), in
 * place of the first message's text. Only while the conversation still has its automatic
 * title (a rename wins, before or during the call); the call counts in the run's usage.
 * Never throws: a conversation without a generated title keeps its automatic one.
 */
export async function titleAfterFirstAnswer(actor: Actor, threadId: string, runId: string, spec: string) {
  try {
    const first = await listMessages(actor, threadId, 3);
    if (first.length !== 2 || first[0].role !== "user" || first[1].role !== "assistant") return;
    const question = messageText(first[0]);
    const answer = messageText(first[1]);
    const auto = autoTitle(question);
    if (!question || !answer || (await findThread(actor, threadId))?.title !== auto) return;

    const result = await completeOnce(spec, titleMessages(question, answer), {
      maxTokens: 32,
      temperature: 0.2,
      timeoutMs: TITLE_TIMEOUT_MS,
    });
    if (!result.ok) {
      console.warn(`[run ${runId}] no title for the conversation: ${result.error}`);
      return;
    }
    const call = {
      spec: result.spec,
      responseModel: null,
      usage: {
        inputTokens: result.usage.inputTokens,
        outputTokens: result.usage.outputTokens,
        totalTokens: result.usage.inputTokens + result.usage.outputTokens,
        reasoningTokens: 0,
        cacheRead: null,
      },
    };
    await updateRunUsage(actor, runId, (usage) => withInternalCall(usage, runId, call));
    const title = sanitizeTitle(result.text);
    if (title) await replaceAutoTitle(actor, threadId, auto, title);
  } catch (err) {
    console.error(`[run ${runId}] titling the conversation failed:`, err);
  }
}
