import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { describeMcpConnectError, McpTimeoutError } from "./errors";
import type { McpConnectionTarget } from "./servers";

/**
 * One connection to one MCP server, with its transport and opened headers. We drive the SDK's
 * transports ourselves rather than through MultiServerMCPClient: that gives a connect timeout
 * (an SSE stream that never sends its endpoint would otherwise hang), no silent fallback from
 * one transport to the other, and errors that say which server failed and why.
 */

export const MCP_CONNECT_TIMEOUT_MS = 10_000;

export class McpConnectionError extends Error {
  constructor(
    readonly serverName: string,
    message: string,
  ) {
    super(message);
    this.name = "McpConnectionError";
  }
}

function transportFor(target: McpConnectionTarget): Transport {
  const url = new URL(target.url);
  const requestInit = { headers: target.headers };
  if (target.transport === "sse") return new SSEClientTransport(url, { requestInit });
  // No background reconnects: a run's connection lives only as long as the run.
  return new StreamableHTTPClientTransport(url, {
    requestInit,
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1000,
      maxReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
    },
  });
}

export async function connectMcpServer(
  target: McpConnectionTarget,
  opts: { timeoutMs?: number } = {},
): Promise<Client> {
  const timeoutMs = opts.timeoutMs ?? MCP_CONNECT_TIMEOUT_MS;
  const client = new Client({ name: "meridian", version: "1.0.0" });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new McpTimeoutError(timeoutMs)), timeoutMs);
  });
  try {
    await Promise.race([client.connect(transportFor(target), { timeout: timeoutMs }), timeout]);
    return client;
  } catch (err) {
    await client.close().catch(() => {});
    throw new McpConnectionError(
      target.name,
      `Could not connect to the MCP server "${target.name}" at ${target.url}: ${describeMcpConnectError(err)}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** `readOnly`: the server marks the tool `readOnlyHint` (approvals let it run unasked). */
export type ListedMcpTool = { name: string; description: string; inputSchema: unknown; readOnly?: boolean };

/** Every tool the server lists, following pagination. */
export async function listAllTools(client: Client, opts: { timeoutMs?: number } = {}): Promise<ListedMcpTool[]> {
  const tools: ListedMcpTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {}, {
      timeout: opts.timeoutMs ?? MCP_CONNECT_TIMEOUT_MS,
    });
    tools.push(
      ...page.tools.map((t) => ({
        name: t.name,
        description: t.description ?? "",
        inputSchema: t.inputSchema,
        ...(t.annotations?.readOnlyHint === true ? { readOnly: true } : {}),
      })),
    );
    cursor = page.nextCursor;
  } while (cursor && tools.length < 10_000);
  return tools;
}
