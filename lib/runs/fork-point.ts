import { emptyCheckpoint, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { getCheckpointer } from "@/lib/agent/checkpointer";

/**
 * Where a regenerated or edited turn branches off (issue 13): the newest checkpoint of the
 * thread's current branch whose messages do not yet hold the user message `messageId`, i.e. the
 * state just before that turn. The run then starts from that checkpoint, so LangGraph writes a
 * new branch; the old one stays in the checkpoint history. A message whose run failed before the
 * model's state took it is in no checkpoint: the latest one is the state before it. A first turn
 * has no checkpoint before it: an empty one is written to branch from.
 */
export async function forkPointBefore(threadId: string, messageId: string): Promise<string> {
  const saver = await getCheckpointer();
  let tuple: CheckpointTuple | undefined = await saver.getTuple({
    configurable: { thread_id: threadId, checkpoint_ns: "" },
  });
  while (tuple) {
    const messages = (tuple.checkpoint.channel_values?.messages ?? []) as { id?: string }[];
    if (!messages.some((m) => m?.id === messageId)) return tuple.config.configurable!.checkpoint_id as string;
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
