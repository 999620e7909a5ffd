import { describe, expect, it } from "vitest";
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import { transcriptOf } from "./child-transcript";

describe("a subagent's transcript", () => {
  it("groups each answer's steps and tools under one assistant message, with each tool's result or error", () => {
    const messages = [
      new SystemMessage("hidden prompt"),
      new HumanMessage({ id: "h1", content: "Find it" }),
      new AIMessage({
        id: "a1",
        content: "",
        tool_calls: [{ id: "c1", name: "read_file", args: { file_path: "x.md" } }],
      }),
      new ToolMessage({ tool_call_id: "c1", content: "contents of x" }),
      new AIMessage({
        id: "a2",
        content: "Checking.",
        tool_calls: [{ id: "c2", name: "grep", args: { pattern: "y" } }],
      }),
      new ToolMessage({ tool_call_id: "c2", content: "Error: bad pattern", status: "error" }),
      new AIMessage({ id: "a3", content: "Found it in x.md." }),
      new HumanMessage({ id: "h2", content: "More?" }),
      new AIMessage({ id: "a4", content: "", tool_calls: [{ id: "c3", name: "ls", args: {} }] }),
    ];
    const out = transcriptOf(messages, "t1");
    expect(out.map((m) => [m.id, m.role])).toEqual([
      ["h1", "user"],
      ["a1", "assistant"],
      ["h2", "user"],
      ["a4", "assistant"],
    ]);
    expect(out[1].parts.filter((p) => p.type !== "step-start")).toEqual([
      {
        type: "dynamic-tool",
        toolName: "read_file",
        toolCallId: "c1",
        state: "output-available",
        input: { file_path: "x.md" },
        output: "contents of x",
      },
      { type: "text", text: "Checking.", state: "done" },
      {
        type: "dynamic-tool",
        toolName: "grep",
        toolCallId: "c2",
        state: "output-error",
        input: { pattern: "y" },
        errorText: "Error: bad pattern",
      },
      { type: "text", text: "Found it in x.md.", state: "done" },
    ]);
    // A call still running (no result yet) shows as such.
    expect(out[3].parts.at(-1)).toMatchObject({ toolName: "ls", state: "input-available" });
    expect(JSON.stringify(out)).not.toContain("hidden prompt");
  });
});
