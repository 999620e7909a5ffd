import { emptyCheckpoint, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { getCheckpointer } from "@/lib/agent/checkpointer";

/**
 * Where a regenerated or edited turn branches off (issue 13): the newest checkpoint of the
 * thread's current branch that holds none of `userMessageIds` (the turn's user message and every
 * user message after it in the chat), i.e. the state just before that turn. Counting the later
 * ones too matters when the turn's own message never reached the model's state (its run failed
 * before the graph started) but later turns did. The run then starts from that checkpoint, so
 * LangGraph writes a new branch; the old one stays in the checkpoint history. A first turn has no
 * checkpoint before it: an empty one is written to branch from.
 */
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
    emptyCheckpoint(),
    { source: "fork", step: -1, parents: {} },
    {},
  );
  return root.configurable!.checkpoint_id as string;
}
