import http from "node:http";
import type { AddressInfo } from "node:net";
import { createDemoModel, type DemoModel, type DemoModelOptions } from "@/lib/demo-model/handler";

export type MockLlmServerOptions = DemoModelOptions & { port?: number; host?: string };

export type MockLlmServer = {
  /** Base URL of the OpenAI API, e.g. http://127.0.0.1:4010/v1 (what ChatOpenAI's baseURL takes). */
  url: string;
  port: number;
  mock: DemoModel;
  close(): Promise<void>;
};

/**
 * The mock on a real port, for tests and the standalone CLI. Control endpoints are on by
 * default here. Port 0 picks a free port.
 */
export async function startMockLlmServer(options: MockLlmServerOptions = {}): Promise<MockLlmServer> {
  const { port = 0, host = "127.0.0.1", ...mockOptions } = options;
  const mock = createDemoModel({ control: true, ...mockOptions });
  const server = http.createServer((req, res) => {
    serve(mock, req, res).catch((error: unknown) => {
      console.error("[mock-llm] request failed", error);
      res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${actualPort}${mock.basePath}`,
    port: actualPort,
    mock,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Slow streams and keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function serve(mock: DemoModel, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const abort = new AbortController();
  res.on("close", () => abort.abort());
  const response = await mock.handle(await toWebRequest(req, abort.signal));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();

  const reader = response.body.getReader();
  abort.signal.addEventListener("abort", () => void reader.cancel().catch(() => {}));
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch {
      // A scripted cut: drop the socket without the final chunk, as a failing provider does.
      return void res.destroy();
    }
    if (result.done || res.destroyed) break;
    await flushed(res, result.value);
  }
  if (!res.destroyed) res.end();
}

/** Waits until the chunk reached the socket, so paced chunks stay paced and a cut follows them. */
function flushed(res: http.ServerResponse, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    res.once("close", resolve);
    res.write(chunk, () => {
      res.off("close", resolve);
      resolve();
    });
  });
}

async function toWebRequest(req: http.IncomingMessage, signal: AbortSignal): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && chunks.length > 0;
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
    signal,
  });
}
