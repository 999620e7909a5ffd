import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { registerJobHandler, enqueueJob, PermanentJobError } from "@/lib/jobs/runner";
import type { ClaimedJob } from "@/lib/db/jobs";
import { completeOnce, resolveCompletionModel } from "@/lib/models/complete";
import { openWorkspace } from "@/lib/workspace/open";
import { VIRTUAL } from "@/lib/workspace/paths";
import { messageText } from "@/lib/models/message-text";
import { extractionMessages, parseFacts } from "./extract-prompt";
import { mergeMemory } from "./memory-file";

/**
 * The memory bridge (docs/ARCHITECTURE.md, "Summary"): the messages an L2 summary cut off are handed to a background
 * job (the one job runner, never inline in the answer) that asks the model for durable facts
 * and preferences and appends the new ones to the user's MEMORY.md.
 */

export const MEMORY_JOB = "memory-extract";
export const MEMORY_PATH = `${VIRTUAL.userData}/agents/MEMORY.md`;
const TRANSCRIPT_CHARS = 32_000;

/** What the extraction reads: what the user and the agent said; tool output is left out. */
export function memoryTranscript(messages: BaseMessage[]): string {
  const lines: string[] = [];
  for (const m of messages) {
    if (HumanMessage.isInstance(m)) lines.push(`User: ${messageText(m.content)}`);
    else if (AIMessage.isInstance(m)) {
      const text = messageText(m.content).trim();
      const tools = (m.tool_calls ?? []).map((c) => c.name);
      if (text) lines.push(`Assistant: ${text}`);
      if (tools.length) lines.push(`(Assistant used: ${tools.join(", ")})`);
    }
  }
  const text = lines.join("\n\n");
  if (text.length <= TRANSCRIPT_CHARS) return text;
  const half = TRANSCRIPT_CHARS / 2;
  return `${text.slice(0, half)}\n\n[…]\n\n${text.slice(-half)}`;
}

export async function enqueueMemoryExtraction(input: {
  userId: string;
  threadId: string;
  modelSpec: string;
  cutoffIndex: number;
  messages: BaseMessage[];
}): Promise<void> {
  const transcript = memoryTranscript(input.messages);
  if (!transcript.trim()) return;
  await enqueueJob({
    kind: MEMORY_JOB,
    payload: { userId: input.userId, threadId: input.threadId, modelSpec: input.modelSpec, transcript },
    // The same cut of the same conversation is extracted once, however often the pass reruns;
    // another branch (after an edit) cuts other messages at the same index: its own key.
    groupKey: `memory:${input.threadId}:${input.cutoffIndex}:${input.messages[0]?.id ?? ""}:${input.messages.at(-1)?.id ?? ""}`,
    maxAttempts: 3,
  });
}

async function extract(job: ClaimedJob): Promise<void> {
  const { userId, modelSpec, transcript } = job.payload as { userId?: string; modelSpec?: string; transcript?: string };
  if (!userId || !transcript) throw new PermanentJobError("The memory job has no user or transcript.");
  const spec = await resolveCompletionModel(modelSpec ?? null);
  if (!spec) throw new PermanentJobError("No chat model is available for memory extraction.");
  const workspace = openWorkspace(userId);
  const read = async () =>
    (await workspace.stat(MEMORY_PATH)) ? (await workspace.readBytes(MEMORY_PATH)).toString("utf8") : "";
  const answer = await completeOnce(spec, extractionMessages(await read(), transcript), {
    maxTokens: 1000,
    temperature: 0,
  });
  if (!answer.ok) {
    if (answer.retryable) throw new Error(answer.error);
    throw new PermanentJobError(answer.error);
  }
  const facts = parseFacts(answer.text);
  if (facts.length === 0) return;
  // Read again under the file's lock (the one edit_file and the file routes take): the user or
  // the agent may have changed the file while the model answered.
  await workspace.update(MEMORY_PATH, (current) => {
    const merged = mergeMemory(current?.toString("utf8") ?? "", facts, new Date().toISOString().slice(0, 10));
    return merged.added.length > 0 ? merged.text : undefined;
  });
}

registerJobHandler(MEMORY_JOB, { run: extract });
