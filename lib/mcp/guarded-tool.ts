import { DynamicStructuredTool } from "@langchain/core/tools";
import type { RunnableConfig } from "@langchain/core/runnables";
import { mcpToolProperties, toolMetadata, type McpToolAnnotations } from "@/lib/agent/tools/tool-properties";
import type { McpToolEntry } from "@/lib/db/schema";
import { describeMcpError, formatSeconds } from "./errors";

export const MCP_CALL_TIMEOUT_MS = 60_000;

type Guard = {
  name: string;
  serverName: string;
  toolName: string;
  timeoutMs: number;
  /** The tool as an admin last reviewed it (stored by the last refresh): approvals follow this, not the live server. */
  reviewed: Pick<McpToolEntry, "readOnly">;
};

/**
 * Wraps a tool from `loadMcpTools` under its runtime name with a per-call timeout. Whatever the
 * server does (error result, exception, hang), the model gets a readable string and the run
 * goes on; only the run's own cancellation is passed through. Its approval properties come from
 * the reviewed entry: a server cannot make a tool read-only by saying so after the review.
 */
export function guardMcpTool(inner: DynamicStructuredTool, guard: Guard): DynamicStructuredTool {
  return new DynamicStructuredTool({
    name: guard.name,
    description: inner.description,
    schema: inner.schema,
    responseFormat: "content_and_artifact",
    metadata: toolMetadata(mcpToolProperties({ readOnlyHint: guard.reviewed.readOnly === true }), {
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

/**
 * Whether the server now describes a tool otherwise than when an admin reviewed it: another
 * description (what the model reads) or another read-only hint (what approvals read). Such a tool
 * is left out until an admin refreshes the server's tools and so reviews the change.
 */
export function changedSinceReview(reviewed: McpToolEntry, live: DynamicStructuredTool): boolean {
  const annotations = live.metadata?.annotations as McpToolAnnotations | undefined;
  return (
    (live.description ?? "") !== reviewed.description ||
    (annotations?.readOnlyHint === true) !== (reviewed.readOnly === true)
  );
}
