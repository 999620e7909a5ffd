import { DynamicStructuredTool } from "@langchain/core/tools";
import type { RunnableConfig } from "@langchain/core/runnables";
import { mcpToolProperties, toolMetadata, type McpToolAnnotations } from "@/lib/agent/tools/tool-properties";
import { describeMcpError, formatSeconds } from "./errors";

export const MCP_CALL_TIMEOUT_MS = 60_000;

type Guard = { name: string; serverName: string; toolName: string; timeoutMs: number };

/**
 * Wraps a tool from `loadMcpTools` under its runtime name with a per-call timeout. Whatever the
 * server does (error result, exception, hang), the model gets a readable string and the run
 * goes on; only the run's own cancellation is passed through.
 */
export function guardMcpTool(inner: DynamicStructuredTool, guard: Guard): DynamicStructuredTool {
  return new DynamicStructuredTool({
    name: guard.name,
    description: inner.description,
    schema: inner.schema,
    responseFormat: "content_and_artifact",
    // The adapter keeps the server's annotations in `metadata.annotations`; approvals read the properties they map to.
    metadata: toolMetadata(mcpToolProperties(inner.metadata?.annotations as McpToolAnnotations | undefined), {
      ...inner.metadata,
      mcpServer: guard.serverName,
      mcpTool: guard.toolName,
    }),
    func: async (args, runManager, config?: RunnableConfig) => {
      const timer = new AbortController();
      let timedOut = false;
      const timeout = setTimeout(() => {
        timedOut = true;
        timer.abort(new Error(`no answer within ${formatSeconds(guard.timeoutMs)}`));
      }, guard.timeoutMs);
      const signal = config?.signal ? AbortSignal.any([config.signal, timer.signal]) : timer.signal;
      try {
        return await inner.func(args, runManager, { ...config, signal });
      } catch (err) {
        if (config?.signal?.aborted) throw err;
        const reason = timedOut
          ? `did not answer within ${formatSeconds(guard.timeoutMs)}`
          : `failed: ${describeMcpError(err)}`;
        return [`Error: the tool "${guard.toolName}" of the MCP server "${guard.serverName}" ${reason}`, []];
      } finally {
        clearTimeout(timeout);
      }
    },
  });
}
