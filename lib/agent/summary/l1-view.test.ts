import { describe, expect, it } from "vitest";
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { encode } from "gpt-tokenizer";
import { l1View, MAX_OLD_ARG_CHARS } from "./l1-view";
import { safeCutoff } from "./cutoff";
import { countTextTokens } from "@/lib/agent/token-count";

const LIMIT = 50;

function textOfTokens(n: number, salt: string): string {
  // " wordN" is one token per word in o200k; check the count rather than trust it.
  let text = salt;
  while (countTextTokens(text) < n) text += ` w${(text.length * 7919) % 97}`;
  while (countTextTokens(text) > n) text = text.slice(0, -1);
  return text;
}

function opts(saved: string[] = []) {
  return {
    keepMessages: 2,
    toolResultTokenLimit: LIMIT,
    unseenTokenLimit: LIMIT * 8,
    resultsDir: "/home/gem/user-data/projects/t/outputs/large_tool_results",
    save: async (path: string) => {
      saved.push(path);
    },
  };
}

function call(id: string, name: string, args: Record<string, unknown>) {
  return new AIMessage({ content: "", tool_calls: [{ id, name, args, type: "tool_call" }] });
}

describe("L1 view", () => {
  it("never changes the messages it is given (state): replaced messages are new objects", async () => {
    const big = "x ".repeat(MAX_OLD_ARG_CHARS + 10);
    const result = textOfTokens(LIMIT * 4, `r${Math.random()}`);
    const messages: BaseMessage[] = [
      new HumanMessage("write it"),
      call("c1", "write_file", { file_path: "/a.txt", content: big }),
      new ToolMessage({ content: result, tool_call_id: "c1", name: "write_file" }),
      new AIMessage("written"),
      new HumanMessage("again"),
    ];
    const before = messages.map((m) => JSON.stringify(m.toDict()));
    const view = await l1View(messages, opts());
    expect(messages.map((m) => JSON.stringify(m.toDict()))).toEqual(before);
    expect(view.messages[1]).not.toBe(messages[1]);
    expect(view.messages[2]).not.toBe(messages[2]);
    expect(view.messages[0]).toBe(messages[0]);
    expect((messages[1] as AIMessage).tool_calls![0].args.content).toBe(big);
    expect(view).toMatchObject({ receipts: 1, truncatedArgs: 1 });
  });

  it("keeps a result of exactly the limit and replaces one token more with a receipt and a short preview", async () => {
    const at = textOfTokens(LIMIT, `at${Math.random()}`);
    const over = textOfTokens(LIMIT + 1, `over${Math.random()}`);
    expect(countTextTokens(at)).toBe(LIMIT);
    expect(countTextTokens(over)).toBe(LIMIT + 1);
    const atMsg = new ToolMessage({ content: at, tool_call_id: "a", name: "grep" });
    const overMsg = new ToolMessage({ content: over, tool_call_id: "b", name: "grep" });
    const saved: string[] = [];
    const view = await l1View([atMsg, overMsg, new AIMessage("seen")], opts(saved));
    expect(view.messages[0]).toBe(atMsg);
    const receipt = view.messages[1].content as string;
    expect(receipt).toContain("Tool: grep");
    expect(receipt).toContain(`~${LIMIT + 1} tokens`);
    expect(receipt).toContain(`Full result: ${saved[0]}`);
    expect(saved[0]).toMatch(/\/outputs\/large_tool_results\/grep-[0-9a-f]{16}\.txt$/);
    const preview = receipt.slice(receipt.indexOf("Preview:\n") + "Preview:\n".length);
    expect(encode(preview).length).toBeLessThanOrEqual(LIMIT);
  });

  it("writes a full result once: the next pass (same or rebuilt messages) reuses the file", async () => {
    const text = textOfTokens(LIMIT * 3, `once${Math.random()}`);
    const saved: string[] = [];
    const first = [new ToolMessage({ content: text, tool_call_id: "a", name: "query_kb" }), new AIMessage("seen")];
    const v1 = await l1View(first, opts(saved));
    const v2 = await l1View(first, opts(saved));
    expect(v2.messages[0]).toBe(v1.messages[0]);
    // A new run rebuilds messages from the checkpoint: new objects, same content.
    const rebuilt = [new ToolMessage({ content: text, tool_call_id: "a", name: "query_kb" }), new AIMessage("seen")];
    const v3 = await l1View(rebuilt, opts(saved));
    expect(saved).toHaveLength(1);
    expect(v3.messages[0].content).toBe(v1.messages[0].content);
  });

  it("never reuses a receipt for a different result under the same call id", async () => {
    const a = textOfTokens(LIMIT * 3, `ida${Math.random()}`);
    const b = textOfTokens(LIMIT * 3, `idb${Math.random()}`);
    const saved: string[] = [];
    const seen = new AIMessage("seen");
    const v1 = await l1View([new ToolMessage({ content: a, tool_call_id: "same", name: "grep" }), seen], opts(saved));
    const v2 = await l1View([new ToolMessage({ content: b, tool_call_id: "same", name: "grep" }), seen], opts(saved));
    expect(v2.messages[0]).not.toBe(v1.messages[0]);
    expect(saved).toHaveLength(2);
    expect(v2.messages[0].content).toContain(saved[1]);
  });

  it("keeps the results the model has not seen yet whole: only results it already answered become receipts", async () => {
    const seen = textOfTokens(LIMIT * 3, `seen${Math.random()}`);
    const fresh = textOfTokens(LIMIT * 3, `fresh${Math.random()}`);
    const messages: BaseMessage[] = [
      new HumanMessage("look"),
      call("a", "grep", { pattern: "x" }),
      new ToolMessage({ content: seen, tool_call_id: "a", name: "grep" }),
      call("b", "grep", { pattern: "y" }),
      new ToolMessage({ content: fresh, tool_call_id: "b", name: "grep" }),
    ];
    const view = await l1View(messages, opts());
    expect(view.messages[2]).not.toBe(messages[2]);
    expect(view.messages[4]).toBe(messages[4]);
    expect(view.receipts).toBe(1);
  });

  it("offloads a result the model has not seen only when it alone is over the unseen limit, with a longer preview", async () => {
    const huge = textOfTokens(LIMIT * 8 + 1, `huge${Math.random()}`);
    const messages: BaseMessage[] = [
      new HumanMessage("look"),
      call("h", "grep", { pattern: "z" }),
      new ToolMessage({ content: huge, tool_call_id: "h", name: "grep" }),
    ];
    const saved: string[] = [];
    const view = await l1View(messages, opts(saved));
    const receipt = view.messages[2].content as string;
    expect(receipt).toContain(`~${LIMIT * 8 + 1} tokens`);
    expect(receipt).toContain(`Full result: ${saved[0]}`);
    const preview = receipt.slice(receipt.indexOf("Preview:\n") + "Preview:\n".length);
    expect(encode(preview).length).toBeGreaterThan(LIMIT);
    expect(encode(preview).length).toBeLessThanOrEqual(LIMIT * 8);
  });

  it("cuts only old file-writing arguments: recent calls and other tools keep theirs", async () => {
    const big = "y".repeat(MAX_OLD_ARG_CHARS + 1);
    const exact = "z".repeat(MAX_OLD_ARG_CHARS);
    const messages: BaseMessage[] = [
      call("1", "edit_file", { file_path: "/a", old_string: "a", new_string: big }),
      call("2", "write_file", { file_path: "/b", content: exact }),
      call("3", "execute", { command: big }),
      call("4", "write_file", { file_path: "/c", content: big }),
      new AIMessage("recent"),
    ];
    const view = await l1View(messages, opts());
    const args = (i: number) => (view.messages[i] as AIMessage).tool_calls![0].args;
    expect(args(0).new_string).toMatch(/^y{200}…\(argument truncated: 2001 characters in all\)$/);
    expect(args(0).file_path).toBe("/a");
    expect(args(1).content).toBe(exact);
    expect(args(2).command).toBe(big);
    // The last two messages are recent.
    expect(args(3).content).toBe(big);
  });
});

describe("the kept window", () => {
  const user = (t: string) => new HumanMessage(t);
  const ai = (t: string) => new AIMessage(t);
  const calls = (...ids: string[]) =>
    new AIMessage({
      content: "",
      tool_calls: ids.map((id) => ({ id, name: "ls", args: {}, type: "tool_call" as const })),
    });
  const result = (id: string) => new ToolMessage({ content: "r", tool_call_id: id, name: "ls" });

  it("keeps the last N messages when the cut falls between turns", () => {
    const m = [user("1"), ai("1"), user("2"), ai("2"), user("3"), ai("3")];
    expect(safeCutoff(m, 2)).toBe(4);
    expect(safeCutoff(m, 6)).toBe(0);
    expect(safeCutoff(m, 10)).toBe(0);
  });

  it("never separates a tool result from the call: a cut on a result moves back to the calling message", () => {
    const m = [user("1"), ai("1"), user("2"), calls("a", "b"), result("a"), result("b"), ai("done")];
    // Keep 2 would start at result("b"); it moves back to the AI message with both calls.
    expect(safeCutoff(m, 2)).toBe(3);
    expect(safeCutoff(m, 3)).toBe(3);
    for (let keep = 1; keep < m.length; keep++) {
      const cut = safeCutoff(m, keep);
      expect(m[cut] instanceof ToolMessage, `keep ${keep}`).toBe(false);
      expect(m.length - cut).toBeGreaterThanOrEqual(Math.min(keep, m.length));
    }
  });

  it("moves forward past orphan results whose call is not in the list", () => {
    const m = [result("x"), result("y"), user("2"), ai("2")];
    expect(safeCutoff(m, 3)).toBe(2);
  });
});
