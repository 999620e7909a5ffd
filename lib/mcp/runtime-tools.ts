import { loadMcpTools } from "@langchain/mcp-adapters";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Actor } from "@/lib/identity/actor";
import { connectMcpServer, MCP_CONNECT_TIMEOUT_MS } from "./client";
import { describeMcpError } from "./errors";
import { runtimeToolName } from "./names";
import { connectionTarget, findUsableMcpServers, type McpServerRow } from "./servers";
import { changedSinceReview, guardMcpTool, MCP_CALL_TIMEOUT_MS } from "./guarded-tool";

/**
 * The MCP tools of one run: the enabled tools of the enabled servers in `serverIds` that the
 * actor may read, named `<server>__<tool>`. Connections are opened here, once per run, and
 * closed by `close()` when the run ends. A server that cannot be reached is left out of the
 * run (and reported in `unavailable`) instead of failing it.
 */
export type McpRuntimeTools = {
  tools: StructuredToolInterface[];
  /** Which server each tool came from, for collision messages. */
  sources: Map<string, string>;
  /** Servers left out of the run, or only `tools` of them (changed since review). */
  unavailable: { server: string; error: string; tools?: string[] }[];
  close(): Promise<void>;
};

export type McpRuntimeOptions = { actor: Actor; connectTimeoutMs?: number; callTimeoutMs?: number };

export async function loadMcpToolsForRuntime(serverIds: string[], opts: McpRuntimeOptions): Promise<McpRuntimeTools> {
  return connectMcpRuntimeTools(await findUsableMcpServers(opts.actor, { ids: serverIds }), opts);
}

/** As loadMcpToolsForRuntime, for servers already read and access-checked this run (see ResourceCatalog). */
export async function connectMcpRuntimeTools(rows: McpServerRow[], opts: McpRuntimeOptions): Promise<McpRuntimeTools> {
  const clients: Client[] = [];
  const unavailable: McpRuntimeTools["unavailable"] = [];
  const perServer = await Promise.all(
    rows.map(async (row) => {
      try {
        return { server: row.name, tools: await loadServerTools(row, opts, clients, unavailable) };
      } catch (err) {
        const error = describeMcpError(err);
        console.warn(`[mcp] tools of "${row.name}" left out of this run: ${error}`);
        unavailable.push({ server: row.name, error });
        return { server: row.name, tools: [] };
      }
    }),
  );
  const tools = perServer.flatMap((s) => s.tools);
  let closed: Promise<void> | undefined;
  return {
    tools,
    sources: new Map(perServer.flatMap((s) => s.tools.map((t) => [t.name, s.server] as const))),
    unavailable,
    close() {
      closed ??= Promise.allSettled(clients.map((c) => c.close())).then(() => undefined);
      return closed;
    },
  };
}

async function loadServerTools(
  row: McpServerRow,
  opts: McpRuntimeOptions,
  clients: Client[],
  unavailable: McpRuntimeTools["unavailable"],
): Promise<StructuredToolInterface[]> {
  const enabled = new Set(row.tools.filter((t) => t.enabled).map((t) => t.name));
  if (enabled.size === 0) return []; // nothing to offer: no connection
  const client = await connectMcpServer(connectionTarget(row), {
    timeoutMs: opts.connectTimeoutMs ?? MCP_CONNECT_TIMEOUT_MS,
  });
  clients.push(client);
  // Only tools an admin saw and left enabled, as they were reviewed; one the server added or changed since waits for review.
  const reviewed = new Map(row.tools.filter((t) => t.enabled).map((t) => [t.name, t]));
  const listed = await loadMcpTools(row.name, client, { throwOnLoadError: false });
  const changed: string[] = [];
  const tools = listed.flatMap((t) => {
    const entry = reviewed.get(t.name);
    if (!entry) return [];
    if (changedSinceReview(entry, t)) {
      changed.push(t.name);
      return [];
    }
    return [
      guardMcpTool(t, {
        name: runtimeToolName(row.name, t.name),
        serverName: row.name,
        toolName: t.name,
        timeoutMs: opts.callTimeoutMs ?? MCP_CALL_TIMEOUT_MS,
        reviewed: entry,
      }),
    ];
  });
  if (changed.length > 0) {
    const error = `${changed.join(", ")} changed since an admin last reviewed the tools; they wait until an admin refreshes them`;
    console.warn(`[mcp] tools of "${row.name}" left out of this run: ${error}`);
    unavailable.push({ server: row.name, error, tools: changed });
  }
  return tools;
}
