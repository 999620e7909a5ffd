import { describe, expect, it } from "vitest";
import { tool, DynamicStructuredTool } from "@langchain/core/tools";
import { z } from "zod";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { mainAgentMiddleware } from "@/lib/agent/middleware";
import type { McpServerRow } from "@/lib/db/mcp-servers";
import { guardMcpTool } from "@/lib/mcp/guarded-tool";
import { lazyMcpTools } from "@/lib/mcp/lazy-runtime-tools";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import {
  mcpToolProperties,
  reservedToolNames,
  toolMetadata,
  toolProperties,
  withToolProperties,
} from "./tool-properties";

const plain = (name: string, metadata?: Record<string, unknown>) =>
  tool(async () => "ok", {
    name,
    description: name,
    schema: z.object({}),
    ...(metadata ? { metadata } : {}),
  });

describe("tool properties", () => {
  it("travel in the tool's metadata next to other keys, and only well-typed values count", () => {
    const t = plain("lookup", toolMetadata({ readonly: true, boundedOutput: true }, { source: "test" }));
    expect(t.metadata).toEqual({ source: "test", readonly: true, boundedOutput: true });
    expect(toolProperties(t)).toEqual({ readonly: true, boundedOutput: true });
    expect(toolProperties(withToolProperties(t, { mainAgentOnly: true }))).toEqual({
      readonly: true,
      boundedOutput: true,
      mainAgentOnly: true,
    });
    expect(t.metadata?.source).toBe("test");
    expect(toolProperties(plain("odd", { readonly: "yes", sideEffect: "sometimes", middlewareOwned: 1 }))).toEqual({});
    expect(toolProperties(plain("bare"))).toEqual({});
    expect(toolProperties(undefined)).toEqual({});
  });

  it("reserved names are those of the tools that declare middlewareOwned", () => {
    const tools = [
      plain("mine", toolMetadata({ middlewareOwned: true })),
      plain("theirs", toolMetadata({ readonly: true })),
      plain("bare"),
    ];
    expect(reservedToolNames(tools)).toEqual(["mine"]);
  });

  it("every tool the main agent's middleware register is reserved, read from their metadata", () => {
    const ctx = {
      config: { max_execution_steps: 10, model_retry_times: 0, tool_approval_mode: "default" },
      runtimeSkills: {},
      preloadedSkills: [],
      effectiveSkillSlugs: [],
      agent: { id: "a", slug: "main", name: "Main", isSubagent: false, foreign: false },
      visibleSubagents: [{ id: "s", slug: "researcher", name: "Researcher", description: "" }],
    } as unknown as AgentRuntimeContext;
    const { ownTools } = mainAgentMiddleware({
      ctx,
      fallbacks: [],
      backend: {} as WorkspaceBackend,
    });
    expect(reservedToolNames(ownTools).sort()).toEqual(
      [
        "ask_user_question",
        "edit_file",
        "glob",
        "grep",
        "ls",
        "ocr_parse_file",
        "present_artifacts",
        "read_file",
        "task",
        "write_file",
        "write_todos",
      ].sort(),
    );
    expect(ownTools.length).toBe(11);
  });
});

describe("MCP tool annotations", () => {
  it("readOnlyHint makes a tool read-only; without it (destructive or not) the tool has an external side effect; every MCP tool is remote", () => {
    expect(mcpToolProperties({ readOnlyHint: true })).toEqual({ readonly: true, remote: true });
    expect(mcpToolProperties({ readOnlyHint: true, destructiveHint: false })).toEqual({
      readonly: true,
      remote: true,
    });
    expect(mcpToolProperties({ readOnlyHint: false, destructiveHint: true })).toEqual({
      sideEffect: "external",
      remote: true,
    });
    expect(mcpToolProperties({ destructiveHint: false })).toEqual({ sideEffect: "external", remote: true });
    expect(mcpToolProperties({ readOnlyHint: "true" })).toEqual({ sideEffect: "external", remote: true });
    expect(mcpToolProperties(undefined)).toEqual({ sideEffect: "external", remote: true });
  });

  it("a connected tool takes its properties from the reviewed entry, not from the server's live annotations", () => {
    const adapted = (annotations: Record<string, unknown> | undefined) =>
      new DynamicStructuredTool({
        name: "t",
        description: "",
        schema: z.object({}),
        metadata: { annotations },
        func: async () => "",
      });
    const guard = (readOnly: boolean) => ({
      name: "crm__t",
      serverName: "crm",
      toolName: "t",
      timeoutMs: 1000,
      reviewed: { readOnly },
    });
    const readOnly = guardMcpTool(adapted({ readOnlyHint: true }), guard(true));
    expect(toolProperties(readOnly)).toEqual({ readonly: true, remote: true });
    expect(readOnly.metadata).toMatchObject({ mcpServer: "crm", mcpTool: "t", annotations: { readOnlyHint: true } });
    // The server says read-only now, but the admin reviewed a tool that writes.
    expect(toolProperties(guardMcpTool(adapted({ readOnlyHint: true }), guard(false)))).toEqual({
      sideEffect: "external",
      remote: true,
    });
    expect(toolProperties(guardMcpTool(adapted(undefined), guard(false)))).toEqual({
      sideEffect: "external",
      remote: true,
    });
  });

  it("a tool declared from the stored list (connected on first call) maps the stored readOnlyHint", () => {
    const row = {
      id: "s1",
      name: "crm",
      tools: [
        { name: "lookup", description: "", enabled: true, readOnly: true },
        { name: "export", description: "", enabled: true },
      ],
    } as unknown as McpServerRow;
    const { tools } = lazyMcpTools([row], { actor: {} as never });
    expect(Object.fromEntries(tools.map((t) => [t.name, toolProperties(t)]))).toEqual({
      crm__lookup: { readonly: true, remote: true },
      crm__export: { sideEffect: "external", remote: true },
    });
  });
});
