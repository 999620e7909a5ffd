import { describe, expect, it } from "vitest";
import type { AgentRuntimeContext, VisibleKnowledgeBase } from "@/lib/agent/runtime/context-types";
import { toolProperties } from "./tool-properties";
import { builtinToolNames, skillDeclarableTool } from "./registry";
import { KB_TOOL_NAMES, kbTools, NO_KNOWLEDGE_BASES } from "./kb-tools";

/** The knowledge-base tools answer only about visible knowledge bases and never invent contents. */
const ctxWith = (visibleKnowledgeBases: VisibleKnowledgeBase[]) => ({ visibleKnowledgeBases }) as AgentRuntimeContext;
const invoke = (name: string, ctx: AgentRuntimeContext, args: Record<string, unknown>) =>
  kbTools[name]!(ctx).invoke(args);

const argsFor: Record<string, Record<string, unknown>> = {
  list_kbs: {},
  query_kb: { kb_id: "kb-1", query_text: "holidays" },
  find_kb_document: { kb_id: "kb-1", file_id: "f-1", patterns: ["leave"] },
  open_kb_document: { kb_id: "kb-1", file_id: "f-1", line: 3 },
  get_mindmap: { kb_name: "Handbook" },
  search_file: { query: "policy" },
  download_kb_file: { kb_id: "kb-1", file_id: "f-1", save_as: "policy.pdf" },
};
const handbook: VisibleKnowledgeBase = { kbId: "kb-1", name: "Handbook", description: "HR rules", kbType: "general" };

describe("knowledge-base tools", () => {
  it("are built per run around schemas built once (a run builds no zod object; the token counter reuses their JSON)", () => {
    for (const name of KB_TOOL_NAMES) {
      expect(kbTools[name]!(ctxWith([handbook])).schema, name).toBe(kbTools[name]!(ctxWith([])).schema);
    }
  });

  it("are the seven knowledge-base tools, opened by skills only; all but download_kb_file (it writes a file) are read-only for approvals", () => {
    expect(KB_TOOL_NAMES).toEqual([
      "list_kbs",
      "query_kb",
      "find_kb_document",
      "open_kb_document",
      "get_mindmap",
      "search_file",
      "download_kb_file",
    ]);
    for (const name of KB_TOOL_NAMES) {
      expect(toolProperties(kbTools[name]!(ctxWith([]))).readonly ?? false, name).toBe(name !== "download_kb_file");
      expect(skillDeclarableTool(name)).toBe(kbTools[name]);
      expect(builtinToolNames()).not.toContain(name);
    }
  });

  it("each says that no knowledge base is available when none is visible", async () => {
    for (const name of KB_TOOL_NAMES) expect(await invoke(name, ctxWith([]), argsFor[name]!)).toBe(NO_KNOWLEDGE_BASES);
  });

  it("list_kbs lists the visible knowledge bases", async () => {
    expect(await invoke("list_kbs", ctxWith([handbook]), {})).toBe(
      "Knowledge bases you can use (1):\n- Handbook (id: kb-1, type: general): HR rules",
    );
  });

  it("refuses a knowledge base that is not visible, by id or by name", async () => {
    const ctx = ctxWith([handbook]);
    expect(await invoke("query_kb", ctx, { kb_id: "kb-secret", query_text: "salaries" })).toBe(
      'Error: there is no knowledge base with the id "kb-secret" that you can use. Call list_kbs to see the ones available to you.',
    );
    expect(await invoke("get_mindmap", ctx, { kb_name: "Payroll" })).toMatch(/no knowledge base named "Payroll"/);
    expect(await invoke("search_file", ctx, { kb_name: "Payroll" })).toMatch(/no knowledge base named "Payroll"/);
  });

  it("validates arguments: window_size at most 2000, save_as a plain file name", async () => {
    const ctx = ctxWith([handbook]);
    await expect(invoke("open_kb_document", ctx, { kb_id: "kb-1", file_id: "f", window_size: 2001 })).rejects.toThrow();
    await expect(invoke("download_kb_file", ctx, { kb_id: "kb-1", file_id: "f", save_as: "../x" })).rejects.toThrow();
  });
});
