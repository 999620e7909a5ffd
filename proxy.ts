import { NextResponse, type NextRequest } from "next/server";

/**
 * Passes the page path to server components, so a signed-out visitor is sent to the login
 * page with the page they asked for as `callbackUrl`. Authentication itself is checked in
 * every page and route handler, never only here.
 */
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-meridian-path", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!api/|_next/|favicon\\.svg).*)"],
};
