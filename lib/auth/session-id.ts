import { getToken } from "next-auth/jwt";
import { getSecret } from "@/lib/config/secrets";
import { isHttpsRequest } from "./request-origin";

/**
 * The server-side session row (`sid`, lib/db/sessions.ts) the request's cookie points at, or null.
 * Read from the cookie itself because the public session shape does not carry it.
 */
export async function currentSessionId(req: Request): Promise<string | null> {
  if (!req.headers.get("cookie")) return null;
  const token = await getToken({
    req,
    secret: getSecret("AUTH_SECRET"),
    secureCookie: isHttpsRequest(req.headers, req.url),
  });
  return typeof token?.sid === "string" ? token.sid : null;
}
