import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent } from "langchain";
import { tool } from "@langchain/core/tools";
import { MemorySaver } from "@langchain/langgraph";
import { z } from "zod";
import { startAgentHarness, MOCK_PROVIDER, type AgentHarness } from "@/lib/testing/agent-harness";
import { loadChatModel } from "@/lib/agent/runtime/load-model";
import { askUserQuestionTool } from "@/lib/agent/tools/ask-user-question";
import { installSkillTool } from "@/lib/agent/tools/install-skill";
import { presentArtifactsTool } from "@/lib/agent/tools/present-artifacts";
import { toolMetadata, toolProperties } from "@/lib/agent/tools/tool-properties";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { subagentToolFilterMiddleware } from "./subagent-tool-filter";

/** Subagent backends never see a tool whose metadata says `mainAgentOnly`. */
type Body = { tools?: { function: { name: string } }[]; messages: { role: string; content: unknown }[] };

let h: AgentHarness;
beforeAll(async () => {
  h = await startAgentHarness();
});
afterAll(async () => h.stop());

describe("subagent tool filter", () => {
  it("present_artifacts, ask_user_question and install_skill declare mainAgentOnly", () => {
    const tools = [
      presentArtifactsTool({} as WorkspaceBackend),
      askUserQuestionTool,
      installSkillTool({} as AgentRuntimeContext),
    ];
    for (const t of tools) expect(toolProperties(t).mainAgentOnly, t.name).toBe(true);
  });

  it("hides tools marked mainAgentOnly from the model and refuses a crafted call to one, by metadata alone", async () => {
    const ran: string[] = [];
    const make = (name: string, mainAgentOnly: boolean) =>
      tool(async () => (ran.push(name), `${name} ran`), {
        name,
        description: `the ${name} tool`,
        schema: z.object({}),
        ...(mainAgentOnly ? { metadata: toolMetadata({ mainAgentOnly: true }) } : {}),
      });
    // Names no list knows: only the metadata says which are the main agent's.
    const tools = [make("notify_owner", true), make("change_setup", true), make("lookup", false)];
    await h.client.script(
      "sub",
      [
        {
          toolCalls: [
            { name: "notify_owner", args: {} },
            { name: "lookup", args: {} },
          ],
        },
        { text: "done" },
      ],
      {},
    );
    const agent = createAgent({
      model: await loadChatModel(`${MOCK_PROVIDER}:mock-chat`),
      tools,
      middleware: [subagentToolFilterMiddleware()],
      checkpointer: new MemorySaver(),
    });
    await agent.invoke(
      { messages: [{ role: "user", content: "[[mock:sub]] go" }] },
      { configurable: { thread_id: "s1" } },
    );

    const [first, second] = (await h.client.requests("sub")).map((r) => r.body as Body);
    expect(first.tools!.map((t) => t.function.name)).toEqual(["lookup"]);
    expect(ran).toEqual(["lookup"]);
    const results = second.messages.filter((m) => m.role === "tool").map((m) => String(m.content));
    expect(results).toContain("Error: notify_owner is only available to the main agent.");
    expect(results).toContain("lookup ran");
  });
});
