import http from "node:http";
import { PEER_ADDRESS_HEADER, trustedProxyHops } from "./client-address";

const PATCHED = Symbol.for("meridian.peerAddress");

/**
 * Headers only a proxy may write: they name the host and scheme the client used, which decide
 * redirects (sign-out), the same-origin check and Secure cookies. Next fills them from the
 * connection when they are absent, so removing a client's own keeps what Next sees truthful.
 */
const FORWARDED_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

/**
 * Prepares each request before Next sees it (route handlers get no other view of the connection;
 * NextRequest.ip is gone since Next 15):
 * - writes the connection's address into a header, replacing whatever a client sent under that name;
 * - unless a proxy is trusted (TRUST_PROXY, see client-address.ts), drops the X-Forwarded-Host /
 *   -Proto / -Port and Forwarded headers a client sent, so no request can name another host.
 * Called once at server start (instrumentation.ts).
 */
export function stampIncomingRequests(): void {
  const proto = http.Server.prototype as http.Server & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_ADDRESS_HEADER] = req.socket?.remoteAddress ?? "";
      if (trustedProxyHops() === 0) for (const name of FORWARDED_HEADERS) delete req.headers[name];
    }
    return emit.call(this, event, ...args);
  } as typeof proto.emit;
  proto[PATCHED] = true;
}
