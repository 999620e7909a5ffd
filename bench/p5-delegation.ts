import { HumanMessage } from "@langchain/core/messages";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { startAgentHarness, createTestUser, MOCK_MODELS, MOCK_PROVIDER, readAll } from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { listVisibleSubagents } from "@/lib/db/agents";
import { createThread } from "@/lib/db/threads";
import { createRun } from "@/lib/db/runs";
import { prepareAgentRuntimeContext } from "@/lib/agent/runtime/prepare-context";
import { runStreamOptions } from "@/lib/agent/stream-options";
import { childAgentBuilder } from "@/lib/agent/graph";
import { mcpToolSource } from "@/lib/mcp/tool-source";

const buildChildAgent = childAgentBuilder({ mcp: mcpToolSource });
import { runSubagent } from "@/lib/agent/subagents/run-subagent";
import { registerDelegatedTaskJob } from "@/lib/coordinator/task-job";
import { JobRunner } from "@/lib/jobs/runner";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { userMessage } from "@/lib/testing/agent-harness";
import { getThreadState } from "@/lib/runs/thread-state";
import { summarize } from "./stats";
import { startModelProcess } from "./model-process";

/**
 * The delegation figures. P5a: what a `task` call adds over running the same child graph directly
 * (its context, graph and stream alike): the subagent lookup, the child thread and run rows,
 * the run's end and the final state read. Both answer from the same zero-latency scripted
 * model in its own process, alternating, after a warm-up. P5b: 20 tasks delegated in one
 * coordinator turn, each worker's model taking 1 s to its first token, the chat's semaphore at
 * 4: the most tasks running at once (from the rows) and the total time against 5 waves of the
 * median task.
 */
export async function benchDelegation(runs = 40, warmup = 20) {
  const h = await startAgentHarness({ mock: await startModelProcess(["--models", MOCK_MODELS.join(",")]) });
  const actor = await createTestUser();
  const spec = `${MOCK_PROVIDER}:mock-chat`;
  const row = (await listVisibleSubagents(actor)).find((a) => a.slug === "researcher")!;
  await h.client.script("p5-task", [{ text: "Found it.", repeat: runs + warmup }]);
  await h.client.script("p5-direct", [{ text: "Found it.", repeat: runs + warmup }]);
  const parentThread = await createThread(actor, { agentId: null, title: "bench" });
  const parentRun = await createRun(actor, { threadId: parentThread.id, agentId: null, modelSpec: spec });
  const parent = {
    userId: actor.id,
    threadId: parentThread.id,
    rootThreadId: parentThread.id,
    runId: parentRun.id,
    agentId: null,
  };

  const viaTask = async () => {
    const t0 = performance.now();
    const result = await runSubagent(
      { actor, parent, parentModelSpec: spec, slug: "researcher", description: `Look ${scriptMarker("p5-task")}` },
      buildChildAgent,
    );
    if (!result.ok) throw new Error(result.error);
    return performance.now() - t0;
  };
  const direct = async () => {
    const t0 = performance.now();
    const ctx = await prepareAgentRuntimeContext(actor, { ...row, isSubagent: true }, { modelSpec: spec });
    const agent = await buildChildAgent(ctx, { rootThreadId: parentThread.id });
    const options = runStreamOptions(ctx, {
      threadId: crypto.randomUUID(),
      runId: crypto.randomUUID(),
      rootThreadId: parentThread.id,
    });
    await AsyncLocalStorageProviderSingleton.getInstance().run(undefined, async () => {
      const stream = await agent.streamRun(
        { messages: [new HumanMessage(`Look ${scriptMarker("p5-direct")}`)] },
        {
          ...options,
          streamMode: ["values"],
        },
      );
      for await (const _ of stream) void _;
    });
    await agent.close();
    return performance.now() - t0;
  };
  const task: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs + warmup; i++) {
    const a = await viaTask();
    const b = await direct();
    if (i >= warmup) {
      task.push(a);
      bare.push(b);
    }
  }
  const taskStats = summarize(task);
  const bareStats = summarize(bare);

  // P5b: the coordinator's pool.
  registerDelegatedTaskJob(buildChildAgent);
  const runner = new JobRunner().start();
  const keys = Array.from({ length: 20 }, (_, i) => `p5-w${i}`);
  for (const key of keys) await h.client.script(key, [{ text: `${key} done`, firstTokenDelayMs: 1000 }]);
  await h.client.script("p5-coordinator", [
    { toolCalls: keys.map((key) => ({ name: "delegate_task", args: { description: `Part ${scriptMarker(key)}` } })) },
    {
      toolCalls: [
        { name: "synthesize", args: { task_ids: keys.map((_, i) => `{{tool:${i}:task_id}}`), deadline_seconds: 120 } },
      ],
    },
    { text: "All parts." },
  ]);
  const threadId = crypto.randomUUID();
  const { stream } = await startChatRun(actor, {
    threadId,
    message: userMessage(`Twenty parts ${scriptMarker("p5-coordinator")}`),
    modelSpec: spec,
    coordinator: true,
  });
  await readAll(stream);
  await activeRunForThread(threadId)?.done;
  await runner.stop();
  const tasks = (await getThreadState(actor, threadId)).delegatedTasks;
  if (tasks.length !== 20 || tasks.some((t) => t.status !== "completed"))
    throw new Error(`coordinator bench: ${tasks.map((t) => t.status).join(", ")}`);
  const spans = tasks.map((t) => [Date.parse(t.startedAt!), Date.parse(t.finishedAt!)] as const);
  const mostAtOnce = Math.max(...spans.map(([s]) => spans.filter(([a, b]) => a <= s && s < b).length));
  const total = Math.max(...spans.map(([, f]) => f)) - Math.min(...spans.map(([s]) => s));
  const median = summarize(spans.map(([s, f]) => f - s)).p50;
  await h.stop();
  return {
    task: taskStats,
    bare: bareStats,
    overheadP50: taskStats.p50 - bareStats.p50,
    coordinator: { mostAtOnce, totalMs: total, idealMs: 5 * median, ratio: total / (5 * median) },
  };
}
