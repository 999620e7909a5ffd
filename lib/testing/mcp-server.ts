import http from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";

/**
 * An in-process MCP server over real HTTP for tests: streamable HTTP (stateless) at `/mcp`
 * and the older SSE transport at `/sse` (+ `/messages`). Every tool call is logged with the
 * request headers it arrived with, so tests can see what really reached the server.
 * Imports no `@/` paths so Playwright specs can use it too.
 */

export type TestMcpToolName = "add" | "lookup_city" | "slow" | "fail" | "multiply" | "export_rows" | "prose";
type TestMcpCall = { tool: TestMcpToolName; args: Record<string, unknown>; headers: Record<string, string> };

export type TestMcpServer = {
  /** http://127.0.0.1:PORT */
  origin: string;
  httpUrl: string;
  sseUrl: string;
  calls: TestMcpCall[];
  /** Which tools the server lists from now on (new connections). */
  setTools(names: TestMcpToolName[]): void;
  /** How the server describes a tool from now on (new connections): a server changing after review. */
  redescribe(name: TestMcpToolName, override: ToolOverride): void;
  /** SSE sessions still open: a client that closed its connection is gone from here. */
  sseSessionCount(): number;
  close(): Promise<void>;
};

const DEFAULT_TEST_TOOLS: TestMcpToolName[] = ["add", "lookup_city", "slow", "fail"];

const CITIES: Record<string, { country: string; population: number }> = {
  paris: { country: "France", population: 2_102_650 },
  shanghai: { country: "China", population: 24_870_895 },
};

const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });
/** Tools that change nothing say so (MCP `readOnlyHint`); `export_rows` and `prose` do not, so approvals ask for them. */
const readOnly = { annotations: { readOnlyHint: true } };
const PROSE_WORDS = [
  "international",
  "communication",
  "and",
  "responsibility",
  "of",
  "understanding",
  "environmental",
  "the",
  "administration",
  "infrastructure",
  "for",
  "representative",
  "professional",
  "transportation",
  "in",
  "organizations",
  "relationships",
  "to",
];

type ToolOverride = { description?: string; readOnly?: boolean };

function buildServer(
  tools: TestMcpToolName[],
  log: (tool: TestMcpToolName, args: Record<string, unknown>, headers: unknown) => void,
  overrides: Map<TestMcpToolName, ToolOverride>,
) {
  const server = new McpServer({ name: "meridian-test-mcp", version: "1.0.0" });
  const info = (name: TestMcpToolName, description: string, readsOnly: boolean) => {
    const o = overrides.get(name);
    return { description: o?.description ?? description, ...((o?.readOnly ?? readsOnly) ? readOnly : {}) };
  };
  const has = (name: TestMcpToolName) => tools.includes(name);
  const headersOf = (extra: { requestInfo?: { headers?: unknown } }) => extra.requestInfo?.headers;
  if (has("add")) {
    server.registerTool(
      "add",
      { ...info("add", "Add two numbers.", true), inputSchema: { a: z.number(), b: z.number() } },
      async ({ a, b }, extra) => (log("add", { a, b }, headersOf(extra)), text(String(a + b))),
    );
  }
  if (has("multiply")) {
    server.registerTool(
      "multiply",
      { ...info("multiply", "Multiply two numbers.", true), inputSchema: { a: z.number(), b: z.number() } },
      async ({ a, b }, extra) => (log("multiply", { a, b }, headersOf(extra)), text(String(a * b))),
    );
  }
  if (has("lookup_city")) {
    server.registerTool(
      "lookup_city",
      { ...info("lookup_city", "Country and population of a city.", true), inputSchema: { name: z.string() } },
      async ({ name }, extra) => {
        log("lookup_city", { name }, headersOf(extra));
        const city = CITIES[name.toLowerCase()];
        return city ? text(JSON.stringify({ name, ...city })) : { ...text(`Unknown city: ${name}`), isError: true };
      },
    );
  }
  if (has("slow")) {
    server.registerTool(
      "slow",
      { ...info("slow", "Answers after `ms` milliseconds.", true), inputSchema: { ms: z.number().int().min(0) } },
      async ({ ms }, extra) => {
        log("slow", { ms }, headersOf(extra));
        await new Promise((resolve) => setTimeout(resolve, ms));
        return text(`waited ${ms} ms`);
      },
    );
  }
  if (has("export_rows")) {
    server.registerTool(
      "export_rows",
      {
        ...info("export_rows", "Exports `count` numbered CSV rows (a large result).", false),
        inputSchema: { count: z.number().int().min(1).max(100_000) },
      },
      async ({ count }, extra) => {
        log("export_rows", { count }, headersOf(extra));
        const rows = Array.from({ length: count }, (_, i) => `${i},row-${i},${"v".repeat(50)}`);
        return text(["id,name,value", ...rows].join("\n"));
      },
    );
  }
  if (has("prose")) {
    server.registerTool(
      "prose",
      {
        ...info("prose", "Returns `words` words of long-worded prose (many characters per token).", false),
        inputSchema: { words: z.number().int().min(1).max(100_000) },
      },
      async ({ words }, extra) => {
        log("prose", { words }, headersOf(extra));
        const all = Array.from({ length: words }, (_, i) => PROSE_WORDS[i % PROSE_WORDS.length]);
        const lines = Array.from({ length: Math.ceil(words / 12) }, (_, i) => all.slice(i * 12, i * 12 + 12).join(" "));
        return text(lines.join("\n"));
      },
    );
  }
  if (has("fail")) {
    server.registerTool("fail", { ...info("fail", "Always throws.", true), inputSchema: {} }, async (_args, extra) => {
      log("fail", {}, headersOf(extra));
      throw new Error("the fail tool always fails");
    });
  }
  return server;
}

export async function startTestMcpServer(
  opts: { port?: number; tools?: TestMcpToolName[]; requireHeaders?: Record<string, string> } = {},
): Promise<TestMcpServer> {
  let tools = opts.tools ?? DEFAULT_TEST_TOOLS;
  const overrides = new Map<TestMcpToolName, ToolOverride>();
  const calls: TestMcpCall[] = [];
  const sseSessions = new Map<string, SSEServerTransport>();
  const log = (tool: TestMcpToolName, args: Record<string, unknown>, headers: unknown) =>
    calls.push({
      tool,
      args,
      headers: Object.fromEntries(
        Object.entries((headers ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      ),
    });

  const authorised = (req: http.IncomingMessage) =>
    Object.entries(opts.requireHeaders ?? {}).every(([name, value]) => req.headers[name.toLowerCase()] === value);

  const httpServer = http.createServer((req, res) => {
    void handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (!authorised(req))
      return void res.writeHead(401, { "content-type": "text/plain" }).end("missing or wrong credentials");
    if (url.pathname === "/mcp") {
      if (req.method !== "POST") return void res.writeHead(405, { allow: "POST" }).end();
      const server = buildServer(tools, log, overrides);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => void transport.close().then(() => server.close()));
      await server.connect(transport);
      return transport.handleRequest(req, res);
    }
    if (url.pathname === "/sse" && req.method === "GET") {
      const transport = new SSEServerTransport("/messages", res);
      const server = buildServer(tools, log, overrides);
      sseSessions.set(transport.sessionId, transport);
      res.on("close", () => {
        sseSessions.delete(transport.sessionId);
        void server.close();
      });
      return server.connect(transport);
    }
    if (url.pathname === "/messages" && req.method === "POST") {
      const transport = sseSessions.get(url.searchParams.get("sessionId") ?? "");
      if (!transport) return void res.writeHead(404).end("unknown session");
      return transport.handlePostMessage(req, res);
    }
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  }

  await new Promise<void>((resolve) => httpServer.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  return {
    origin,
    httpUrl: `${origin}/mcp`,
    sseUrl: `${origin}/sse`,
    calls,
    setTools(names) {
      tools = names;
    },
    redescribe(name, override) {
      overrides.set(name, override);
    },
    sseSessionCount: () => sseSessions.size,
    async close() {
      await Promise.allSettled([...sseSessions.values()].map((t) => t.close()));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
