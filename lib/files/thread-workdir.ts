import { z } from "zod";
import type { Actor } from "@/lib/identity/actor";
import { requireThread, type ThreadRow } from "@/lib/db/threads";
import { CONVERSATION_ID, workdirOf } from "@/lib/workspace/paths";

export const threadIdParams = z.object({ id: z.string().regex(CONVERSATION_ID, "not a conversation id") });

export function rootOf(thread: ThreadRow): string {
  return thread.rootThreadId ?? thread.id;
}

/** The actor's conversation and its workdir; 404 for an unknown thread or anyone else's. */
export async function requireWorkdir(
  actor: Actor,
  threadId: string,
): Promise<{ thread: ThreadRow; rootThreadId: string; workdir: string }> {
  const thread = await requireThread(actor, threadId);
  const rootThreadId = rootOf(thread);
  return { thread, rootThreadId, workdir: workdirOf(rootThreadId) };
}
