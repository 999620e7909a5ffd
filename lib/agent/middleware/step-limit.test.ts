import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { startAgentHarness, createTestUser, MOCK_PROVIDER, type AgentHarness } from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { getDefaultAgent } from "@/lib/db/agents";
import { prepareAgentRuntimeContext } from "@/lib/agent/runtime/prepare-context";
import { buildChatbotAgent, runStreamOptions } from "@/lib/agent/graph";
import { stepLimitText } from "./step-limit";
import { mcpToolSource } from "@/lib/mcp/tool-source";

let h: AgentHarness;
beforeAll(async () => {
  h = await startAgentHarness();
});
afterAll(async () => {
  await h.stop();
});

const lookAround = { toolCalls: [{ name: "ls", args: { path: "/home/gem/user-data" } }] };

async function turn(maxSteps: number, marker: string) {
  const admin = await createTestUser("admin");
  const agent = (await getDefaultAgent(admin))!;
  const ctx = await prepareAgentRuntimeContext(admin, agent, {
    modelSpec: `${MOCK_PROVIDER}:mock-chat`,
    config: { max_execution_steps: maxSteps, tool_approval_mode: "auto" },
  });
  const graph = await buildChatbotAgent(ctx, { services: { mcp: mcpToolSource } });
  const threadId = crypto.randomUUID();
  const stream = await graph.streamRun(
    { messages: [new HumanMessage(`look ${scriptMarker(marker)}`)] },
    runStreamOptions(ctx, { threadId, runId: crypto.randomUUID() }),
  );
  let values: { messages?: { text: string; tool_calls?: unknown[] }[] } = {};
  for await (const [mode, data] of stream as AsyncIterable<[string, typeof values]>)
    if (mode === "values") values = data;
  await graph.close();
  return values.messages ?? [];
}

describe("step limit (max_execution_steps)", () => {
  it("makes no model call past the limit and ends the run on an answer that says so", async () => {
    await h.client.script("limit", [lookAround, lookAround, lookAround, { text: "never reached" }]);
    const messages = await turn(2, "limit");
    expect(await h.client.requests("limit")).toHaveLength(2);
    const last = messages.at(-1)!;
    expect(last.text).toBe(stepLimitText(2));
    expect(last.tool_calls ?? []).toEqual([]);
  });

  it("lets a run that stays within the limit finish normally", async () => {
    await h.client.script("within", [lookAround, { text: "All done." }]);
    const messages = await turn(2, "within");
    expect(await h.client.requests("within")).toHaveLength(2);
    expect(messages.at(-1)!.text).toBe("All done.");
  });
});
