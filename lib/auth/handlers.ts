import type { NextRequest } from "next/server";
import { handlers } from "./config";
import { publicUrl } from "./request-origin";

/**
 * The /api/auth/* route handlers. Two adjustments to Auth.js:
 * - the request is re-addressed to the origin the client used (redirects and the callback URL
 *   check then work on any host name, not only the one `next start` believes it has);
 * - `GET /api/auth/session` answers `{}` rather than `null` when signed out (API.md).
 */
function onPublicOrigin(req: NextRequest): NextRequest {
  if (process.env.AUTH_URL) return req; // next-auth rewrites to AUTH_URL itself
  // A plain Request: NextRequest would turn 127.0.0.1 and [::1] back into "localhost".
  // Auth.js reads only its url, method, headers and body.
  return new Request(publicUrl(req), req) as NextRequest;
}

async function sessionNullAsEmpty(res: Response): Promise<Response> {
  if (!res.ok || !res.headers.get("content-type")?.includes("application/json")) return res;
  const text = await res.clone().text();
  if (text.trim() !== "null") return res;
  return new Response("{}", { status: res.status, headers: res.headers });
}

export async function GET(req: NextRequest): Promise<Response> {
  const res = await handlers.GET(onPublicOrigin(req));
  return req.nextUrl.pathname.endsWith("/session") ? sessionNullAsEmpty(res) : res;
}

export async function POST(req: NextRequest): Promise<Response> {
  return handlers.POST(onPublicOrigin(req));
}
