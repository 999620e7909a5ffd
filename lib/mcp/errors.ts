import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/**
 * Turns what the MCP SDK and fetch throw into one readable sentence for admins and models.
 * `describeMcpError` keeps a tool's own error text (the model needs it); connections and
 * tests use `describeMcpConnectError`, which never repeats the upstream's words.
 */

export class McpTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${formatSeconds(timeoutMs)}`);
    this.name = "McpTimeoutError";
  }
}

export function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

const NETWORK: Record<string, string> = {
  ECONNREFUSED: "connection refused: is the server running, and on this port?",
  ENOTFOUND: "host not found: check the host name",
  EAI_AGAIN: "host name lookup failed: check the host name and DNS",
  ECONNRESET: "the connection was reset by the server",
  ETIMEDOUT: "the connection timed out",
  EHOSTUNREACH: "the host is unreachable",
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's TLS certificate is self-signed",
};

function describeStatus(status: number): string {
  if (status === 401 || status === 403)
    return `the server answered HTTP ${status}: check the credentials in the headers`;
  if (status === 404)
    return "the server answered HTTP 404: check the URL path (streamable HTTP servers often use /mcp, SSE servers /sse)";
  if (status === 405)
    return "the server answered HTTP 405: this URL may speak the other transport (streamable HTTP or SSE)";
  return `the server answered HTTP ${status}`;
}

/** A network error code anywhere in the cause chain (fetch wraps the socket error). */
function networkCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK[code]) return code;
    e = (e as { cause?: unknown }).cause;
  }
  const text = messageWithCauses(err);
  return Object.keys(NETWORK).find((code) => text.includes(code));
}

export function describeMcpError(err: unknown): string {
  if (err instanceof McpTimeoutError) return err.message;
  if (
    (err instanceof StreamableHTTPError || err instanceof SseError) &&
    typeof err.code === "number" &&
    err.code >= 400
  ) {
    return describeStatus(err.code);
  }
  const code = networkCode(err);
  if (code) return NETWORK[code]!;
  const text = messageWithCauses(err);
  if (/bad port/i.test(text)) return "this port is blocked for outgoing requests; use another port";
  if (/Request timed out/i.test(text)) return "the server did not answer in time";
  return (
    text
      // The adapters' wrappers name the tool and server again; the caller already does.
      .replace(/^Error calling tool \S+: /, "")
      .replace(/^MCP tool '[^']*' on server '[^']*' returned an error: /, "")
      .replace(/^(Error|McpError):\s*/, "") || "unknown error"
  );
}

/**
 * For connecting, testing and listing tools: fixed sentences only. What the upstream said (a
 * body, a JSON-RPC error's message, a parse error quoting the answer, a redirect target) is
 * never passed on, so a test cannot be used to read pages the server can reach.
 */
export function describeMcpConnectError(err: unknown): string {
  if (err instanceof McpTimeoutError) return err.message;
  if (err instanceof StreamableHTTPError || err instanceof SseError) {
    const status = err.code;
    if (typeof status === "number" && status >= 400) return describeStatus(status);
    if (typeof status === "number" && status >= 300)
      return `the server answered with a redirect (HTTP ${status}), which is not followed: enter the final URL`;
  }
  const code = networkCode(err);
  if (code) return NETWORK[code]!;
  if (err instanceof McpError) {
    if (err.code === ErrorCode.RequestTimeout) return "the server did not answer in time";
    return `the server answered with an MCP error (code ${err.code})`;
  }
  const text = messageWithCauses(err);
  if (/bad port/i.test(text)) return "this port is blocked for outgoing requests; use another port";
  if (err instanceof TypeError && /fetch failed/i.test(text)) return "the request failed before the server answered";
  return "the answer is not a valid MCP response: check the URL and the transport (streamable HTTP or SSE)";
}

/** "fetch failed: bad port": fetch puts the real reason in `cause`. */
function messageWithCauses(err: unknown): string {
  const parts: string[] = [];
  for (let e = err, depth = 0; e && depth < 4; depth++) {
    parts.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(": ");
}
