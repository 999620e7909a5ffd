import { z } from "zod";
import type { NextAuthConfig, Session, User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { ROLES } from "@/lib/db/schema";
import { createSession, deleteSession, getValidSession } from "@/lib/db/sessions";
import { checkLogin, type LoginFailure } from "./login";

/**
 * Auth.js callbacks. The JWT in the cookie only points at a server-side session row (`sid`);
 * the row is checked on every read, so deleting it (sign-out, expiry, disabled user) ends the
 * session at once even though the cookie is still signed.
 */

type Callbacks = NonNullable<NextAuthConfig["callbacks"]>;
type JwtParams = Parameters<NonNullable<Callbacks["jwt"]>>[0];
type SignOutMessage = Parameters<NonNullable<NonNullable<NextAuthConfig["events"]>["signOut"]>>[0];
type JwtResult = Awaited<ReturnType<NonNullable<Callbacks["jwt"]>>>;

const credentialsSchema = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1024),
});

/** The Credentials provider's check; config.ts turns a failure into a CredentialsSignin with its code. */
export async function authorizeCredentials(
  credentials: Partial<Record<string, unknown>>,
  address: string,
): Promise<{ ok: true; user: User } | { ok: false; code: LoginFailure }> {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return { ok: false, code: "invalid_credentials" };
  const result = await checkLogin(parsed.data.username, parsed.data.password, address);
  if (!result.ok) return { ok: false, code: result.code };
  const { user } = result;
  return { ok: true, user: { id: user.id, name: user.displayName || user.username, role: user.role } };
}

const sidSchema = z.object({ sid: z.string().min(1) });
const sessionTokenSchema = z.object({
  sub: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  sessionExpires: z.string(),
});

/** At sign-in creates the session row; afterwards re-reads it (null ends the session). */
export async function jwtCallback(params: JwtParams, ctx: { userAgent?: string | null } = {}): Promise<JwtResult> {
  let sid: string;
  if (params.trigger === "signIn" || params.trigger === "signUp") {
    if (!params.user?.id) return null;
    sid = (await createSession(params.user.id, { userAgent: ctx.userAgent })).id;
  } else {
    const parsed = sidSchema.safeParse(params.token);
    if (!parsed.success) return null;
    sid = parsed.data.sid;
  }
  const session = await getValidSession(sid);
  if (!session) return null;
  const { user } = session;
  return {
    ...params.token,
    sub: user.id,
    sid: session.id,
    name: user.displayName || user.username,
    role: user.role,
    sessionExpires: session.expiresAt.toISOString(),
  };
}

/**
 * The public session shape (docs/API.md, "/api/auth/session"): `{user: {id, name, role}, expires}`;
 * nothing else of the token.
 */
export function sessionCallback({
  session,
  token,
}: {
  session: { expires: string };
  token: JWT;
}): Session | { expires: string } {
  const parsed = sessionTokenSchema.safeParse(token);
  if (!parsed.success) return { expires: session.expires };
  const { sub, name, role, sessionExpires } = parsed.data;
  return { user: { id: sub, name, role }, expires: sessionExpires };
}

/** events.signOut: revoke the server-side row so a replayed cookie is worthless. */
export async function revokeSession(message: SignOutMessage): Promise<void> {
  const sid = "token" in message ? message.token?.sid : undefined;
  if (typeof sid === "string") await deleteSession(sid);
}
