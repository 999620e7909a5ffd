import type { StructuredToolInterface } from "@langchain/core/tools";
import type { Actor } from "@/lib/identity/actor";
import type { McpServerRow } from "@/lib/db/mcp-servers";

/** A run's MCP tools: each tool's server name (for collision messages), and close() at the run's end. */
type McpTools = { tools: StructuredToolInterface[]; sources: Map<string, string>; close(): Promise<void> };

/**
 * Where a run's MCP tools come from: lib/mcp (lib/mcp/tool-source.ts), handed to the agent by
 * whoever builds it (the run, the task job), since the agent layer sits below lib/mcp.
 */
export type McpToolSource = {
  /** Connects the servers now and lists their tools (the agent's configured MCP servers). */
  connect(rows: McpServerRow[], opts: { actor: Actor }): Promise<McpTools>;
  /** Tools that connect their server on their first call (MCP servers a skill depends on). */
  lazy(rows: McpServerRow[], opts: { actor: Actor }): McpTools;
};
