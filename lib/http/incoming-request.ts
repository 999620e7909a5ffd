import http from "node:http";
import { PEER_ADDRESS_HEADER } from "./client-address";

const PATCHED = Symbol.for("meridian.peerAddress");

/**
 * Writes each connection's address into a request header before Next sees the request, replacing
 * whatever a client sent under that name: route handlers get no other view of the connection
 * (NextRequest.ip is gone since Next 15). Called once at server start (instrumentation.ts).
 */
export function stampPeerAddresses(): void {
  const proto = http.Server.prototype as http.Server & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_ADDRESS_HEADER] = req.socket?.remoteAddress ?? "";
    }
    return emit.call(this, event, ...args);
  } as typeof proto.emit;
  proto[PATCHED] = true;
}
