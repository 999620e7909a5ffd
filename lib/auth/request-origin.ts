/**
 * The origin a request was made to, as the client saw it: AUTH_URL when the deployment names its
 * own; otherwise Meridian answers on whatever host it is reached by (trustHost), so this comes from
 * the Host / X-Forwarded-* headers, not from the server's own idea of its URL (next start reports
 * http://localhost:<port> for every request). X-Forwarded-* reach this point only when a proxy is
 * trusted (TRUST_PROXY) or when Next itself wrote them from the connection (incoming-request.ts).
 */
function configuredUrl(): URL | undefined {
  const raw = process.env.AUTH_URL?.trim();
  if (!raw) return undefined;
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

function firstValue(header: string | null): string | undefined {
  const value = header?.split(",")[0]?.trim();
  return value || undefined;
}

/** https when the connection (or the proxy in front, via X-Forwarded-Proto) is https. */
export function isHttpsRequest(headers: Headers, url?: string): boolean {
  const configured = configuredUrl();
  if (configured) return configured.protocol === "https:";
  const forwarded = firstValue(headers.get("x-forwarded-proto"));
  if (forwarded) return forwarded.toLowerCase() === "https";
  return url ? new URL(url).protocol === "https:" : false;
}

export function requestHost(headers: Headers, url?: string): string | undefined {
  const configured = configuredUrl();
  if (configured) return configured.host;
  return (
    firstValue(headers.get("x-forwarded-host")) ??
    firstValue(headers.get("host")) ??
    (url ? new URL(url).host : undefined)
  );
}

export function publicOrigin(req: Request): string {
  const protocol = isHttpsRequest(req.headers, req.url) ? "https:" : "http:";
  const host = requestHost(req.headers, req.url);
  return host ? new URL(`${protocol}//${host}`).origin : new URL(req.url).origin;
}

/** The same request URL on the public origin. */
export function publicUrl(req: Request): URL {
  const { pathname, search } = new URL(req.url);
  return new URL(`${pathname}${search}`, publicOrigin(req));
}
