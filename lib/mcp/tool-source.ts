import type { McpToolSource } from "@/lib/agent/runtime/mcp-source";
import { connectMcpRuntimeTools } from "./runtime-tools";
import { lazyMcpTools } from "./lazy-runtime-tools";

/** The MCP tools a run gets (docs/ARCHITECTURE.md: the run hands them to the agent). */
export const mcpToolSource: McpToolSource = { connect: connectMcpRuntimeTools, lazy: lazyMcpTools };
