import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent } from "langchain";
import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { z } from "zod";
import { startAgentHarness, MOCK_PROVIDER, type AgentHarness } from "@/lib/testing/agent-harness";
import { loadChatModel } from "@/lib/agent/runtime/load-model";
import { MAIN_AGENT_ONLY_TOOLS, subagentToolFilterMiddleware } from "./subagent-tool-filter";

/** Subagent backends never see present_artifacts, ask_user_question or install_skill. */
type Body = { tools?: { function: { name: string } }[]; messages: { role: string; content: unknown }[] };

let h: AgentHarness;
beforeAll(async () => {
  h = await startAgentHarness();
});
afterAll(async () => h.stop());

describe("subagent tool filter", () => {
  it("hides main-agent-only tools from the model and refuses a crafted call to one", async () => {
    const ran: string[] = [];
    const make = (name: string) =>
      tool(async () => (ran.push(name), `${name} ran`), { name, description: `the ${name} tool`, schema: z.object({}) });
    const tools = [...MAIN_AGENT_ONLY_TOOLS, "lookup"].map(make);
    await h.client.script("sub", [{ toolCalls: [{ name: "ask_user_question", args: {} }, { name: "lookup", args: {} }] }, { text: "done" }], {});
    const agent = createAgent({
      model: await loadChatModel(`${MOCK_PROVIDER}:mock-chat`),
      tools,
      middleware: [subagentToolFilterMiddleware()],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke({ messages: [{ role: "user", content: "[[mock:sub]] go" }] }, { configurable: { thread_id: "s1" } });

    const [first, second] = (await h.client.requests("sub")).map((r) => r.body as Body);
    expect(first.tools!.map((t) => t.function.name)).toEqual(["lookup"]);
    expect(ran).toEqual(["lookup"]);
    const results = second.messages.filter((m) => m.role === "tool").map((m) => String(m.content));
    expect(results).toContain("Error: ask_user_question is only available to the main agent.");
    expect(results).toContain("lookup ran");
  });
});
