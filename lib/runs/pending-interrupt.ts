import { INTERRUPT } from "@langchain/langgraph";
import { getCheckpointer } from "@/lib/agent/checkpointer";
import { interruptRequestSchema, type InterruptRequest } from "@/lib/agent/interrupt-payloads";

export type PendingInterrupt = { id: string; request: InterruptRequest };

/**
 * The interrupts the thread's latest checkpoint waits on, read from the checkpoint itself:
 * the only copy of a pending request the server trusts. Several can be pending at once
 * (parallel questions); they are answered one at a time, first first.
 */
async function pendingInterrupts(threadId: string): Promise<PendingInterrupt[]> {
  const tuple = await (await getCheckpointer()).getTuple({ configurable: { thread_id: threadId } });
  const pending: PendingInterrupt[] = [];
  for (const [, channel, value] of tuple?.pendingWrites ?? []) {
    if (channel !== INTERRUPT) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const { id, value: payload } = (item ?? {}) as { id?: unknown; value?: unknown };
      const parsed = interruptRequestSchema.safeParse(payload);
      if (typeof id === "string" && parsed.success) pending.push({ id, request: parsed.data });
    }
  }
  return pending;
}

export async function firstPendingInterrupt(threadId: string): Promise<PendingInterrupt | null> {
  return (await pendingInterrupts(threadId))[0] ?? null;
}
