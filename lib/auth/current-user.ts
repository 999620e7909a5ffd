import { redirect } from "next/navigation";
import { ApiError } from "@/lib/errors/api-error";
import { findActiveUserById } from "@/lib/db/users";
import type { Role } from "@/lib/identity/roles";
import { toActor, type Actor } from "@/lib/identity/actor";
import { actorFromBearerToken, bearerToken } from "./bearer";

/**
 * Who is making this request, or null. A Bearer token, when present, is the only credential
 * considered. Otherwise the session cookie: `auth()` runs the jwt callback, which checks the
 * server-side session row on every call; the user is then loaded fresh (role, department,
 * disabled) rather than trusted from the cookie.
 */
export async function getActor(req?: Request): Promise<Actor | null> {
  const token = req ? bearerToken(req) : undefined;
  if (token !== undefined) return actorFromBearerToken(token);
  // Imported on use, so importing the route wrapper does not load next-auth (tests mock it).
  const { auth } = await import("./config");
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return null;
  const user = await findActiveUserById(userId);
  return user ? toActor(user) : null;
}

export async function requireActor(req?: Request): Promise<Actor> {
  const actor = await getActor(req);
  if (!actor) throw new ApiError("unauthorized:auth", "Sign in to continue.");
  return actor;
}

export function requireRole(actor: Actor, ...roles: Role[]): void {
  if (!roles.includes(actor.role)) {
    throw new ApiError("forbidden:auth", "You do not have permission to do this.");
  }
}

/** For server components and pages: the actor, or a redirect to the login page and back. */
export async function getPageActor(): Promise<Actor> {
  const actor = await getActor();
  if (!actor) {
    const { headers } = await import("next/headers");
    const path = (await headers()).get("x-meridian-path");
    const back =
      path && path.startsWith("/") && !path.startsWith("//") && path !== "/"
        ? `?callbackUrl=${encodeURIComponent(path)}`
        : "";
    redirect(`/login${back}`);
  }
  return actor;
}
