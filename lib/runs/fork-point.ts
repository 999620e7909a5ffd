import { emptyCheckpoint, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { getCheckpointer } from "@/lib/agent/checkpointer";

/**
 * Where a regenerated or edited turn branches off: the newest checkpoint of the
 * thread's current branch that holds none of `userMessageIds` (the turn's user message and every
 * user message after it in the chat), i.e. the state just before that turn. Counting the later
 * ones too matters when the turn's own message never reached the model's state (its run failed
 * before the graph started) but later turns did. The run then starts from that checkpoint, so
 * LangGraph writes a new branch; the old one stays in the checkpoint history. A first turn has no
 * checkpoint before it: an empty one is written to branch from, with the id that sorts before
 * every other, so it never becomes the thread's latest checkpoint (a rerun that stops before its
 * first step leaves the thread where it was).
 */
/** The empty checkpoint a first turn's rerun branches from: a version-6 UUID older than any other. */
export const EMPTY_ROOT_ID = "00000000-0000-6000-8000-000000000000";

export async function forkPointBefore(threadId: string, userMessageIds: string[]): Promise<string> {
  const ids = new Set(userMessageIds);
  const saver = await getCheckpointer();
  let tuple: CheckpointTuple | undefined = await saver.getTuple({
    configurable: { thread_id: threadId, checkpoint_ns: "" },
  });
  while (tuple) {
    const messages = (tuple.checkpoint.channel_values?.messages ?? []) as { id?: string }[];
    if (!messages.some((m) => m?.id !== undefined && ids.has(m.id)))
      return tuple.config.configurable!.checkpoint_id as string;
    tuple = tuple.parentConfig ? await saver.getTuple(tuple.parentConfig) : undefined;
  }
  const root = await saver.put(
    { configurable: { thread_id: threadId, checkpoint_ns: "" } },
    { ...emptyCheckpoint(), id: EMPTY_ROOT_ID },
    { source: "fork", step: -1, parents: {} },
    {},
  );
  return root.configurable!.checkpoint_id as string;
}
