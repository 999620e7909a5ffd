import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pageContentSecurityPolicy } from "@/lib/http/content-security-policy";

/**
 * Passes the page path to server components, so a signed-out visitor is sent to the login
 * page with the page they asked for as `callbackUrl`. Authentication itself is checked in
 * every page and route handler, never only here.
 * Also gives every page its nonce-based Content-Security-Policy: set on the request, Next reads
 * the nonce from it and adds it to the scripts it renders (pages render per request anyway,
 * since they read the session). The static security headers come from next.config.ts.
 */
export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const csp = pageContentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("x-meridian-path", request.nextUrl.pathname + request.nextUrl.search);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/|favicon\\.svg).*)"],
};
