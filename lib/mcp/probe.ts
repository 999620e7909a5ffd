import type { Actor } from "@/lib/identity/actor";
import { connectMcpServer, listAllTools, McpConnectionError } from "./client";
import { describeMcpConnectError } from "./errors";
import { connectionTarget, requireMcpServer, type McpConnectionTarget } from "./servers";

/** "Test connection": connect, list the tools, time it; failures come back as a readable result, not a thrown error. */

export type McpProbeResult =
  | {
      ok: true;
      latencyMs: number;
      server: { name: string; version: string } | null;
      tools: { name: string; description: string }[];
    }
  | { ok: false; latencyMs: number; error: string };

export async function probeMcpServer(
  target: McpConnectionTarget,
  opts: { timeoutMs?: number } = {},
): Promise<McpProbeResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let client: Awaited<ReturnType<typeof connectMcpServer>> | undefined;
  try {
    client = await connectMcpServer(target, opts);
    const tools = await listAllTools(client, opts);
    const info = client.getServerVersion();
    return {
      ok: true,
      latencyMs: elapsed(),
      server: info ? { name: info.name, version: info.version } : null,
      tools: tools.map(({ name, description }) => ({ name, description })),
    };
  } catch (err) {
    const error =
      err instanceof McpConnectionError
        ? err.message
        : `The MCP server "${target.name}" failed to list its tools: ${describeMcpConnectError(err)}`;
    return { ok: false, latencyMs: elapsed(), error };
  } finally {
    await client?.close().catch(() => {});
  }
}

/** Tests a stored server with its stored headers; needs manage access (it uses the credentials). */
export async function testMcpServer(
  actor: Actor,
  id: string,
  opts: { timeoutMs?: number } = {},
): Promise<McpProbeResult> {
  const { row } = await requireMcpServer(actor, id, "manage");
  return probeMcpServer(connectionTarget(row), opts);
}
