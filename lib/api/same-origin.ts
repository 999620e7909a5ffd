import { bearerToken } from "@/lib/auth/bearer";
import { requestHost } from "@/lib/auth/request-origin";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A state-changing request sent by a page of another origin: its Origin header is present and
 * names a different host than the one the request was made to. Requests without Origin (curl,
 * scripts) and Bearer-token requests (never authenticated by cookie) are not refused here.
 */
export function isCrossOriginWrite(req: Request): boolean {
  if (!STATE_CHANGING.has(req.method.toUpperCase())) return false;
  if (bearerToken(req) !== undefined) return false;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  let originUrl: URL;
  try {
    originUrl = new URL(origin); // "null" (sandboxed frames, some redirects) does not parse
  } catch {
    return true;
  }
  const host = requestHost(req.headers, req.url);
  if (!host) return true;
  return originUrl.host !== normalizeHost(host, originUrl.protocol);
}

/** Lower-cases and drops the default port, as URL does for the Origin. */
function normalizeHost(host: string, protocol: string): string | undefined {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}
