import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestMcpServer, type TestMcpServer } from "@/lib/testing/mcp-server";
import { probeMcpServer } from "./probe";
import type { McpConnectionTarget } from "./servers";

let mcp: TestMcpServer;
let silent: net.Server;
let silentUrl: string;
let closedPortUrl: string;

const target = (over: Partial<McpConnectionTarget>): McpConnectionTarget => ({
  name: "probe",
  transport: "streamable_http",
  url: mcp.httpUrl,
  headers: { Authorization: "Bearer right" },
  ...over,
});

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

beforeAll(async () => {
  mcp = await startTestMcpServer({ requireHeaders: { authorization: "Bearer right" } });
  // Accepts connections and never answers: the connect timeout must end the wait.
  silent = net.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
  closedPortUrl = `http://127.0.0.1:${await freePort()}/mcp`;
});
afterAll(async () => {
  await mcp.close();
  silent.close();
});

describe("probeMcpServer", () => {
  it.each(["streamable_http", "sse"] as const)("over %s: ok, the tools, the server's name and a latency", async (transport) => {
    const result = await probeMcpServer(target({ transport, url: transport === "sse" ? mcp.sseUrl : mcp.httpUrl }));
    expect(result).toMatchObject({ ok: true, server: { name: "meridian-test-mcp", version: "1.0.0" } });
    if (!result.ok) return;
    expect(result.tools.map((t) => t.name)).toEqual(["add", "lookup_city", "slow", "fail"]);
    expect(result.tools[0].description).toBe("Add two numbers.");
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("an unreachable port: not ok, says the connection was refused", async () => {
    const result = await probeMcpServer(target({ url: closedPortUrl }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/Could not connect to the MCP server "probe" at .*: connection refused/);
  });

  it.each([
    ["a wrong path", () => ({ url: `${mcp.origin}/wrong` }), /HTTP 404: check the URL path/],
    ["the SSE path with the streamable HTTP transport", () => ({ url: mcp.sseUrl }), /HTTP 404/],
    ["the streamable HTTP path with the SSE transport", () => ({ transport: "sse" as const }), /HTTP 405: this URL may speak the other transport/],
    ["missing credentials", () => ({ headers: {} }), /HTTP 401: check the credentials/],
  ])("%s: not ok, with a readable reason", async (_label, over: () => Partial<McpConnectionTarget>, message) => {
    const result = await probeMcpServer(target(over()));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it("a server that never answers: not ok after the timeout, saying so", async () => {
    const result = await probeMcpServer(target({ url: silentUrl }), { timeoutMs: 300 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/no answer within 0.3 s/);
    expect(result.latencyMs).toBeLessThan(5_000);
  });
});
