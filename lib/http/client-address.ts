import { isIP } from "node:net";

/**
 * The address a request came from, for per-client rate limits. Next's route handlers do not see
 * the connection, and Next fills X-Forwarded-For only when the client did not send one, so that
 * header is the client's word unless a proxy we trust wrote it. Hence:
 * - TRUST_PROXY unset: the connection's address, stamped by the server itself (incoming-request.ts);
 * - TRUST_PROXY=N (or true = 1): the N-th X-Forwarded-For entry from the right, the one our
 *   outermost proxy appended; entries further left are the client's own claims.
 */
export const PEER_ADDRESS_HEADER = "x-meridian-peer-address";

export function trustedProxyHops(value = process.env.TRUST_PROXY): number {
  const v = value?.trim().toLowerCase();
  if (!v || v === "false") return 0;
  if (v === "true") return 1;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

export function clientAddress(headers: Headers, hops = trustedProxyHops()): string {
  let address: string | undefined;
  if (hops > 0) {
    const chain = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean);
    address = chain[Math.max(0, chain.length - hops)];
  } else {
    address = headers.get(PEER_ADDRESS_HEADER)?.trim();
  }
  return address ? addressKey(address) : "unknown";
}

/** One key per IPv4 address; per /64 for IPv6, since one subscriber usually holds a whole /64. */
export function addressKey(address: string): string {
  const plain = address
    .replace(/^\[|\](:\d+)?$/g, "") // [v6]:port
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, "$1") // v4:port
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (isIP(plain) !== 6) return plain;
  const [head = "", tail = ""] = plain.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = plain.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
