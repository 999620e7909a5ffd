import { ApiError, errorResponse } from "@/lib/errors/api-error";
import { formatBytes } from "@/lib/i18n/format-bytes";
import { DROP_MAX_BYTES, dropRest } from "./drop-rest";

const DEFAULT_MAX_JSON_BYTES = 1024 * 1024;

/** MAX_JSON_BYTES (a positive integer), else 1 MiB: the cap on JSON and sign-in request bodies. */
export function maxJsonBytes(): number {
  const n = Number(process.env.MAX_JSON_BYTES);
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_MAX_JSON_BYTES;
}

function bodyTooLarge(limit: number): ApiError {
  return new ApiError("too_large:body", `The request body is larger than the limit of ${formatBytes(limit)}.`);
}

/**
 * The whole body, at most `limit` bytes: refused on Content-Length before anything is kept, and
 * while streaming (a chunked body) as soon as it passes the limit, so an oversized body never
 * sits in memory (the rest is read and dropped).
 */
export async function readBodyCapped(req: Request, limit: number): Promise<Buffer> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) {
    // Nothing is kept; a body small enough to drop is read first so the client gets the 413.
    if (req.body && Number(declared) <= DROP_MAX_BYTES) await dropRest(req.body.getReader());
    throw bodyTooLarge(limit);
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await dropRest(reader);
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

type Handler<R extends Request> = (req: R) => Promise<Response>;

/**
 * A handler that only ever sees a body within `maxJsonBytes()` (for routes that read bodies
 * outside route(), e.g. Auth.js sign-in, which buffers the whole form before checking anything).
 */
export function withCappedBody<R extends Request>(
  handler: Handler<R>,
  rebuild: (req: R, body: Buffer) => R,
): Handler<R> {
  return async (req) => {
    if (req.method === "GET" || req.method === "HEAD") return handler(req);
    let body: Buffer;
    try {
      body = await readBodyCapped(req, maxJsonBytes());
    } catch (err) {
      return errorResponse(err);
    }
    return handler(rebuild(req, body));
  };
}
