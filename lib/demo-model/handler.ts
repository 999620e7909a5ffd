import { createHash, timingSafeEqual } from "node:crypto";
import { handleChatCompletion } from "./chat";
import { CONTROL_PREFIX, handleControl } from "./control";
import { handleEmbeddings } from "./embeddings";
import { handleRerank } from "./rerank";
import { errorResponse, unauthorizedResponse } from "./faults";
import { RequestLog, type Handled, type LoggedRequest } from "./request-log";
import { ScriptRegistry, type ScriptOptions, type ScriptStatus } from "./scripts";
import { turnsSchema, type Turn } from "./turns";
import { PrefixCache } from "./prefix-cache";
import { PromptTokenizer } from "./prompt-tokens";

export type DemoModelOptions = {
  /** Where the OpenAI API is mounted (default "/v1"). */
  basePath?: string;
  /** Ids listed by GET /models. */
  models?: string[];
  /** When set, model endpoints require `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Serve the /__mock control API (default false: the in-app demo never exposes it). */
  control?: boolean;
  /** Pause between the demo brain's streamed chunks (default 25 ms). */
  demoDelayMs?: number;
  /** The demo brain's time to first token (default: none beyond `demoDelayMs`). */
  demoFirstTokenDelayMs?: number;
  /** Default embedding size (default 1024); a request's `dimensions` wins. */
  embeddingDimensions?: number;
  /** Requests kept in the log (default 1000). */
  requestLogLimit?: number;
};

export type DemoModel = {
  readonly basePath: string;
  /** Answers one Web-standard request; hosts (node:http, Next routes) only adapt to it. */
  handle(req: Request): Promise<Response>;
  /** Registers or replaces a script; throws on an invalid turn. */
  script(key: string, turns: Turn[], options?: ScriptOptions): void;
  removeScript(key: string): boolean;
  scripts(): ScriptStatus[];
  requests(key?: string): LoggedRequest[];
  /** Forgets scripts, the request log and the prefix cache. */
  reset(): void;
};

const DEFAULT_MODELS = ["demo-chat", "demo-fallback", "demo-embedding", "demo-rerank"];

export function createDemoModel(options: DemoModelOptions = {}): DemoModel {
  const basePath = (options.basePath ?? "/v1").replace(/\/+$/, "");
  const models = options.models ?? DEFAULT_MODELS;
  const scripts = new ScriptRegistry();
  const log = new RequestLog(options.requestLogLimit ?? 1000);
  const cache = new PrefixCache();
  // Not reset: it only remembers what texts encode to.
  const tokenizer = new PromptTokenizer();
  const reset = () => {
    scripts.clear();
    log.clear();
    cache.clear();
  };

  async function modelEndpoint(req: Request, path: string, body: unknown): Promise<Handled> {
    const route = `${req.method} ${path}`;
    if (route === "GET /models") {
      const data = models.map((id) => ({ id, object: "model", created: 0, owned_by: "meridian-mock" }));
      return { response: Response.json({ object: "list", data }), key: null, model: null };
    }
    if (req.method === "GET" && path.startsWith("/models/")) {
      const id = decodeURIComponent(path.slice("/models/".length));
      const response = models.includes(id)
        ? Response.json({ id, object: "model", created: 0, owned_by: "meridian-mock" })
        : errorResponse(404, { message: `The model \`${id}\` does not exist.`, code: "model_not_found" });
      return { response, key: null, model: id };
    }
    if (route === "POST /chat/completions") {
      return handleChatCompletion(body, req.headers, {
        scripts,
        cache,
        tokenizer,
        demoDelayMs: options.demoDelayMs ?? 25,
        demoFirstTokenDelayMs: options.demoFirstTokenDelayMs,
      });
    }
    if (route === "POST /embeddings") {
      return handleEmbeddings(body, req.headers, { scripts, dimensions: options.embeddingDimensions ?? 1024 });
    }
    if (route === "POST /rerank") return handleRerank(body, req.headers, { scripts });
    const response = errorResponse(404, { message: `Unknown request URL: ${route}.`, code: "unknown_url" });
    return { response, key: null, model: null };
  }

  async function handle(req: Request): Promise<Response> {
    const { pathname } = new URL(req.url);
    if (options.control && (pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`))) {
      return handleControl(req, pathname.slice(CONTROL_PREFIX.length), { scripts, log, reset });
    }
    if (!pathname.startsWith(`${basePath}/`)) {
      return errorResponse(404, { message: `Unknown request URL: ${req.method} ${pathname}.`, code: "unknown_url" });
    }
    const path = pathname.slice(basePath.length);
    const receivedAt = Date.now();
    // The key is checked before the body is read: a caller without it cannot make us buffer anything.
    const authorized = options.apiKey === undefined || hasBearer(req, options.apiKey);
    const body = authorized && req.method === "POST" ? await readJson(req) : null;

    let handled: Handled;
    if (!authorized) {
      handled = { response: unauthorizedResponse(), key: null, model: null };
    } else if (body === INVALID_JSON) {
      const message = "We could not parse the JSON body of your request.";
      handled = { response: errorResponse(400, { message }), key: null, model: null };
    } else {
      handled = await modelEndpoint(req, path, body);
    }
    const { response, key, model } = handled;
    const entry: LoggedRequest = {
      key,
      model,
      path,
      body: body === INVALID_JSON ? null : body,
      receivedAt,
      status: response.status,
    };
    log.add(entry);
    return watchStream(response, entry);
  }

  return {
    basePath,
    handle,
    script(key, turns, options) {
      scripts.set(key, turnsSchema.parse(turns), options);
    },
    removeScript: (key) => scripts.delete(key),
    scripts: () => scripts.status(),
    requests: (key) => log.list(key),
    reset,
  };
}

const INVALID_JSON = Symbol("invalid json");

async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID_JSON;
  }
}

// Hash both sides so the comparison takes the same time whatever the key's length.
function hasBearer(req: Request, apiKey: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "");
  if (!match) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1].trim()), digest(apiKey));
}

const ROLE_EVENT = '"role":"assistant"';
const decoder = new TextDecoder();

/**
 * A streamed answer the client stopped reading (it aborted the call) is marked in the log:
 * `closedByClient`; the time its first token went out is `firstTokenAt`.
 */
function watchStream(response: Response, entry: LoggedRequest): Response {
  if (!response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (!done && entry.firstTokenAt === undefined && !decoder.decode(value).includes(ROLE_EVENT)) {
          entry.firstTokenAt = Date.now();
        }
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        controller.error(err);
      }
    },
    cancel(reason) {
      entry.closedByClient = true;
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
