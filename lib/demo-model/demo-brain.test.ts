import { tool } from "@langchain/core/tools";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { demoReply } from "./demo-brain";
import { joined } from "./reply";
import type { ChatMessage, ChatRequest } from "./request-schema";
import { attachmentBlock } from "../agent/attachment-block";
import { startMockLlmServer, type MockLlmServer } from "@/lib/testing/scripted-model/server";
import { chatModel, streamMessage } from "@/lib/testing/scripted-model/test-support";

const todosTool = { type: "function", function: { name: "write_todos", parameters: { type: "object" } } };

const todoArgs = (request: ChatRequest) => {
  const reply = demoReply(request, 0);
  expect(reply.toolCalls).toHaveLength(1);
  expect(reply.toolCalls[0].name).toBe("write_todos");
  return JSON.parse(joined(reply.toolCalls[0].argumentChunks)) as { todos: { content: string; status: string }[] };
};

describe("demoReply", () => {
  it("plans with write_todos when the agent offers it and the user just spoke", () => {
    const { todos } = todoArgs({
      model: "demo-chat",
      messages: [{ role: "user", content: "Compare PostgreSQL and SQLite for a small team" }],
      tools: [todosTool],
    });
    expect(todos.map((t) => t.status)).toEqual(["in_progress", "pending", "pending"]);
    expect(todos[0].content).toContain("Compare PostgreSQL and SQLite");
  });

  it("still plans when a system reminder follows the user's message", () => {
    const { todos } = todoArgs({
      model: "m",
      messages: [
        { role: "user", content: "Summarise the report" },
        { role: "system", content: "Reminder: keep answers short." },
      ],
      tools: [todosTool],
    });
    expect(todos).toHaveLength(3);
  });

  it("plans in Chinese for a Chinese request", () => {
    const { todos } = todoArgs({
      model: "m",
      messages: [{ role: "user", content: "帮我写一份周报" }],
      tools: [todosTool],
    });
    expect(todos[0].content).toContain("帮我写一份周报");
    expect(todos[0].content).toMatch(/理解需求/);
  });

  it("answers in markdown after the todo result: demo notice, restatement, bullets, code", () => {
    const reply = demoReply(
      {
        model: "m",
        messages: [
          { role: "user", content: "Explain vector search" },
          {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "c1", type: "function", function: { name: "write_todos", arguments: "{}" } }],
          },
          { role: "tool", tool_call_id: "c1", content: "Updated todo list" },
        ],
        tools: [todosTool],
      },
      0,
    );
    const text = joined(reply.textChunks);
    expect(reply.toolCalls).toEqual([]); // an empty plan has nothing to tick off
    expect(text).toMatch(/offline demo/i);
    for (const name of ["OPENAI_BASE_URL", "OPENAI_API_KEY", "LLM_MODEL"]) expect(text).toContain(name);
    expect(text).toContain("Explain vector search");
    expect(text).toMatch(/^- /m);
    expect(text).toMatch(/```bash\n[\s\S]+\n```/);
    expect(text).toContain("`write_todos`");
    // Streamed a few words at a time, not as one block.
    expect(reply.textChunks.length).toBeGreaterThan(20);
  });

  it("marks every step completed with the answer, then closes without another plan", () => {
    const base: ChatRequest["messages"] = [
      { role: "user", content: "Explain vector search" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "c1",
            type: "function",
            function: {
              name: "write_todos",
              arguments: JSON.stringify({
                todos: [
                  { content: "a", status: "in_progress" },
                  { content: "b", status: "pending" },
                ],
              }),
            },
          },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "Updated todo list" },
    ];
    const answer = demoReply({ model: "m", messages: base, tools: [todosTool] }, 0);
    const completed = JSON.parse(joined(answer.toolCalls[0].argumentChunks)).todos;
    expect(completed).toEqual([
      { content: "a", status: "completed" },
      { content: "b", status: "completed" },
    ]);
    const closing = demoReply(
      {
        model: "m",
        messages: [
          ...base,
          {
            role: "assistant",
            content: "answer",
            tool_calls: [
              {
                id: "c2",
                type: "function",
                function: { name: "write_todos", arguments: JSON.stringify({ todos: completed }) },
              },
            ],
          },
          { role: "tool", tool_call_id: "c2", content: "Updated todo list" },
        ],
        tools: [todosTool],
      },
      0,
    );
    expect(closing.toolCalls).toEqual([]);
    expect(joined(closing.textChunks)).toMatch(/done/i);
  });

  it("just answers when no todo tool is offered", () => {
    const reply = demoReply({ model: "m", messages: [{ role: "user", content: "你好，介绍一下你自己" }] }, 0);
    const text = joined(reply.textChunks);
    expect(reply.toolCalls).toEqual([]);
    expect(text).toContain("离线演示");
    expect(text).toContain("你好，介绍一下你自己");
    expect(text).not.toContain("Offline demo");
  });

  it("is deterministic apart from tool call ids", () => {
    const request: ChatRequest = { model: "m", messages: [{ role: "user", content: "hello" }] };
    expect(joined(demoReply(request, 0).textChunks)).toBe(joined(demoReply(request, 0).textChunks));
  });
});

describe("demoReply with attachments", () => {
  const readFileTool = { type: "function", function: { name: "read_file", parameters: { type: "object" } } };
  const tools = [todosTool, readFileTool];
  const notes = { name: "harbour-notes.txt", path: "/home/gem/uploads/t1/harbour-notes.txt" };
  const asked = (text: string): ChatMessage => ({
    role: "user",
    content: [
      { type: "text", text },
      {
        type: "text",
        text: `\n\n${attachmentBlock([{ name: "budget.csv", path: "/home/gem/uploads/t1/budget.csv" }, notes])}`,
      },
    ],
  });
  const called = (id: string, name: string, args: object): ChatMessage[] => [
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
    },
  ];
  const answered = (id: string, content: string): ChatMessage => ({ role: "tool", tool_call_id: id, content });
  // What the transcript shows as text or plan (a read_file call's own path is the tool card's business).
  const shown = (reply: ReturnType<typeof demoReply>) =>
    joined(reply.textChunks) +
    reply.toolCalls
      .filter((c) => c.name === "write_todos")
      .map((c) => joined(c.argumentChunks))
      .join("");

  it("plans, reads the file the user names, then answers from it, never echoing the block", () => {
    const user = asked("What do my harbour-notes.txt say about berths?");
    const plan = demoReply({ model: "m", messages: [user], tools }, 0);
    expect(plan.toolCalls[0].name).toBe("write_todos");
    expect(shown(plan)).toContain("What do my harbour-notes.txt say"); // the topic, clipped

    const afterPlan: ChatMessage[] = [
      user,
      ...called("p1", "write_todos", JSON.parse(joined(plan.toolCalls[0].argumentChunks))),
      answered("p1", "Updated todo list"),
    ];
    const read = demoReply({ model: "m", messages: afterPlan, tools }, 0);
    expect(read.toolCalls.map((c) => c.name)).toEqual(["read_file"]);
    expect(JSON.parse(joined(read.toolCalls[0].argumentChunks))).toEqual({ file_path: notes.path });
    expect(joined(read.textChunks)).toContain("harbour-notes.txt");

    const lines = ["Berth 4 is closed for repairs", "Pilot boards at 06:00", "a", "b", "c", "d"];
    const content = ["@@ lines 1-6 of 6 @@", ...lines.map((line, i) => `${String(i + 1).padStart(6)}\t${line}`)].join(
      "\n",
    );
    const answer = demoReply(
      {
        model: "m",
        messages: [...afterPlan, ...called("r1", "read_file", { file_path: notes.path }), answered("r1", content)],
        tools,
      },
      0,
    );
    const text = joined(answer.textChunks);
    expect(text).toContain("**From `harbour-notes.txt`** (6 lines):");
    // Five lines in a code block, then an ellipsis; no range header, no line numbers.
    expect(text).toContain("```text\nBerth 4 is closed for repairs\nPilot boards at 06:00\na\nb\nc\n…\n```");
    expect(answer.toolCalls.map((c) => c.name)).toEqual(["write_todos"]); // the plan is ticked off
    for (const reply of [plan, read, answer]) {
      expect(shown(reply)).not.toContain("<attachments>");
      expect(shown(reply)).not.toContain("/home/gem/uploads");
    }
  });

  it('reads the latest upload when asked about "the attachment" in Chinese, without a todo tool', () => {
    const read = demoReply({ model: "m", messages: [asked("总结一下这个附件")], tools: [readFileTool] }, 0);
    expect(read.toolCalls.map((c) => c.name)).toEqual(["read_file"]);
    expect(JSON.parse(joined(read.toolCalls[0].argumentChunks))).toEqual({ file_path: notes.path });
    expect(joined(read.textChunks)).toContain("我先读一下");
  });

  it("leaves files alone when the question is not about them, or when read_file is not offered", () => {
    for (const request of [
      { model: "m", messages: [asked("Tell me a joke about sailors")], tools: [readFileTool] },
      { model: "m", messages: [asked("What does the attached file say?")] },
    ]) {
      const reply = demoReply(request, 0);
      expect(reply.toolCalls).toEqual([]);
      expect(shown(reply)).not.toContain("<attachments>");
      expect(shown(reply)).not.toContain("/home/gem/uploads");
    }
  });
});

describe("demo flow through ChatOpenAI", () => {
  let server: MockLlmServer;
  beforeAll(async () => {
    server = await startMockLlmServer({ demoDelayMs: 5 });
  });
  afterAll(() => server.close());

  const writeTodos = tool(async () => "Updated todo list", {
    name: "write_todos",
    description: "Replace the todo list",
    schema: z.object({
      todos: z.array(z.object({ content: z.string(), status: z.enum(["pending", "in_progress", "completed"]) })),
    }),
  });

  for (const [lang, question, expected] of [
    ["English", "Draft a launch checklist", "Offline demo"],
    ["Chinese", "帮我起草一份发布清单", "离线演示"],
  ] as const) {
    it(`goes user -> write_todos -> tool result -> answer + completed plan -> closing (${lang})`, async () => {
      const model = chatModel(server.url).bindTools([writeTodos]);
      const user = new HumanMessage(question);
      const planning = await streamMessage(model, [user]);
      expect(planning.tool_calls).toHaveLength(1);
      const call = planning.tool_calls![0];
      expect(call.name).toBe("write_todos");
      expect(writeTodos.schema.safeParse(call.args).success).toBe(true);

      const answer = await streamMessage(model, [
        user,
        new AIMessage({ content: planning.content, tool_calls: planning.tool_calls }),
        new ToolMessage({ content: "Updated todo list", tool_call_id: call.id! }),
      ]);
      expect(String(answer.content)).toContain(expected);
      expect(String(answer.content)).toContain(question);
      expect(answer.id).not.toBe(planning.id);
      const done = answer.tool_calls![0];
      expect((done.args.todos as { status: string }[]).every((t) => t.status === "completed")).toBe(true);

      const closing = await streamMessage(model, [
        user,
        new AIMessage({ content: planning.content, tool_calls: planning.tool_calls }),
        new ToolMessage({ content: "Updated todo list", tool_call_id: call.id! }),
        new AIMessage({ content: answer.content, tool_calls: answer.tool_calls }),
        new ToolMessage({ content: "Updated todo list", tool_call_id: done.id! }),
      ]);
      expect(closing.tool_calls ?? []).toHaveLength(0);
      expect(String(closing.content).length).toBeGreaterThan(5);
    });
  }

  it("streams at a visible pace by default", async () => {
    const paced = await startMockLlmServer();
    try {
      const started = Date.now();
      let chunks = 0;
      for await (const _chunk of await chatModel(paced.url).stream("Tell me about Meridian")) chunks += 1;
      expect(chunks).toBeGreaterThan(20);
      expect(Date.now() - started).toBeGreaterThanOrEqual(20 * 25 * 0.8);
    } finally {
      await paced.close();
    }
  });
});
