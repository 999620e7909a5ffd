import http from "node:http";
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
  it.each(["streamable_http", "sse"] as const)(
    "over %s: ok, the tools, the server's name and a latency",
    async (transport) => {
      const result = await probeMcpServer(target({ transport, url: transport === "sse" ? mcp.sseUrl : mcp.httpUrl }));
      expect(result).toMatchObject({ ok: true, server: { name: "meridian-test-mcp", version: "1.0.0" } });
      if (!result.ok) return;
      expect(result.tools.map((t) => t.name)).toEqual(["add", "lookup_city", "slow", "fail"]);
      expect(result.tools[0].description).toBe("Add two numbers.");
      expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    },
  );

  it("an unreachable port: not ok, says the connection was refused", async () => {
    const result = await probeMcpServer(target({ url: closedPortUrl }));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(/Could not connect to the MCP server "probe" at .*: connection refused/);
  });

  it.each([
    ["a wrong path", () => ({ url: `${mcp.origin}/wrong` }), /HTTP 404: check the URL path/],
    ["the SSE path with the streamable HTTP transport", () => ({ url: mcp.sseUrl }), /HTTP 404/],
    [
      "the streamable HTTP path with the SSE transport",
      () => ({ transport: "sse" as const }),
      /HTTP 405: this URL may speak the other transport/,
    ],
    ["missing credentials", () => ({ headers: {} }), /HTTP 401: check the credentials/],
  ])("%s: not ok, with a readable reason", async (_label, over: () => Partial<McpConnectionTarget>, message) => {
    const result = await probeMcpServer(target(over()));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  // An admin could otherwise point a server at an internal page and read it through the test.
  const SECRET = "db_password=internal-only-hunter2";
  it.each([
    ["a JSON body that is not JSON-RPC", 200, "application/json", `${SECRET} is not json`, /not a valid MCP response/],
    [
      "a JSON-RPC error naming the secret",
      200,
      "application/json",
      JSON.stringify({ jsonrpc: "2.0", id: 0, error: { code: -32000, message: SECRET } }),
      /an MCP error \(code -32000\)/,
    ],
    ["an error page", 500, "text/plain", SECRET, /HTTP 500/],
    ["a redirect", 302, "text/plain", SECRET, /redirect \(HTTP 302\)/],
  ])("%s: the result never repeats what the upstream said", async (_label, status, type, body, message) => {
    const upstream = http.createServer((req, res) => {
      req.resume();
      res.writeHead(status, { "content-type": type, ...(status === 302 ? { location: `/${SECRET}` } : {}) }).end(body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    try {
      const result = await probeMcpServer(
        target({ url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`, headers: {} }),
      );
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(message);
      expect(JSON.stringify(result)).not.toContain("internal-only");
    } finally {
      upstream.closeAllConnections();
      upstream.close();
    }
  });

  it("a server that never answers: not ok after the timeout, saying so", async () => {
    const result = await probeMcpServer(target({ url: silentUrl }), { timeoutMs: 300 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/no answer within 0.3 s/);
    expect(result.latencyMs).toBeLessThan(5_000);
  });
});
