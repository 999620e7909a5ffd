import "server-only";
import NextAuth, { AuthError, CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { headers } from "next/headers";
import { getSecret } from "@/lib/config/secrets";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/db/sessions";
import { authorizeCredentials, jwtCallback, revokeSession, sessionCallback } from "./callbacks";
import { isHttpsRequest } from "./request-origin";
import { refundSignInAttempt } from "./sign-in-limit";
import { clientAddress } from "@/lib/http/client-address";

type AuthRequestContext = { secure: boolean; userAgent?: string | null };

/** `code` reaches the login page as `?code=` (and as `code` of next-auth/react's signIn result). */
class InvalidCredentials extends CredentialsSignin {
  code = "invalid_credentials";
}
class AccountLocked extends CredentialsSignin {
  code = "account_locked";
}

async function authorize(credentials: Partial<Record<string, unknown>>, request: Request) {
  const result = await authorizeCredentials(credentials, clientAddress(request.headers));
  if (result.ok) {
    await refundSignInAttempt(request); // handlers.ts took it; only failures count
    return result.user;
  }
  throw result.code === "account_locked" ? new AccountLocked() : new InvalidCredentials();
}

/**
 * Cookies are HttpOnly and SameSite=Strict; Secure (and the __Secure-/__Host- names) exactly
 * when this request is https, so plain-http localhost works and https deployments are protected.
 */
function authCookies(secure: boolean): NextAuthConfig["cookies"] {
  const options = { httpOnly: true, sameSite: "strict" as const, path: "/", secure };
  const prefix = secure ? "__Secure-" : "";
  return {
    sessionToken: { name: `${prefix}authjs.session-token`, options },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options },
    csrfToken: { name: `${secure ? "__Host-" : ""}authjs.csrf-token`, options },
  };
}

function buildAuthConfig({ secure, userAgent }: AuthRequestContext): NextAuthConfig {
  return {
    trustHost: true,
    secret: getSecret("AUTH_SECRET"),
    useSecureCookies: secure,
    cookies: authCookies(secure),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      Credentials({
        id: "credentials",
        name: "Password",
        credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
        authorize,
      }),
    ],
    callbacks: {
      jwt: (params) => jwtCallback(params, { userAgent }),
      session: sessionCallback,
    },
    events: { signOut: revokeSession },
    logger: {
      // A wrong password is not a server error; everything else is logged.
      error(error) {
        if (error instanceof CredentialsSignin) return;
        const name = error instanceof AuthError ? error.type : error.name; // class names are minified
        console.error(`[auth][error] ${name}: ${error.message}`, error.cause ?? "");
      },
    },
  };
}

/** Outside a route handler (server components, server actions) the request comes from next/headers. */
async function requestContextFromScope(): Promise<AuthRequestContext> {
  try {
    const h = await headers();
    return { secure: isHttpsRequest(h), userAgent: h.get("user-agent") };
  } catch {
    return { secure: false };
  }
}

const nextAuth = NextAuth(async (req) =>
  buildAuthConfig(
    req
      ? { secure: isHttpsRequest(req.headers, req.url), userAgent: req.headers.get("user-agent") }
      : await requestContextFromScope(),
  ),
);
export const { handlers, auth } = nextAuth;
/**
 * @public Auth.js's server-side sign-in and sign-out, for server actions and server components;
 * the login form and the sign-out buttons use next-auth/react's today.
 */
export const { signIn, signOut } = nextAuth;
