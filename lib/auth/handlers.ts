import type { NextRequest } from "next/server";
import { errorJson } from "@/lib/errors/api-error";
import { handlers } from "./config";
import { publicUrl } from "./request-origin";
import { takeSignInAttempt } from "./sign-in-limit";

/**
 * The /api/auth/* route handlers. Two adjustments to Auth.js:
 * - the request is re-addressed to the origin the client used (redirects and the callback URL
 *   check then work on any host name, not only the one `next start` believes it has);
 * - `GET /api/auth/session` answers `{}` rather than `null` when signed out (docs/API.md, "/api/auth/session");
 * - a credentials sign-in over the rate limit (sign-in-limit.ts) is answered 429 before Auth.js runs.
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

/**
 * The typed error, plus the `url` next-auth/react's signIn() reads its `code` from (it would throw
 * on a body without one), so the login form can say "too many attempts".
 */
function rateLimited(req: NextRequest, retryAfterSeconds: number): Response {
  const url = new URL("/login?error=RateLimited&code=rate_limited", publicUrl(req));
  return Response.json(
    { ...errorJson("rate_limited:auth", "Too many sign-in attempts. Try again later."), url: url.toString() },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

export async function POST(req: NextRequest): Promise<Response> {
  if (req.nextUrl.pathname.endsWith("/callback/credentials")) {
    const decision = await takeSignInAttempt(req);
    if (!decision.allowed) return rateLimited(req, decision.retryAfterSeconds);
  }
  return handlers.POST(onPublicOrigin(req));
}
