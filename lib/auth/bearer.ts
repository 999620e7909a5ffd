import { findActorByApiToken } from "@/lib/db/api-tokens";
import { ApiError } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/identity/actor";

/** The token of an `Authorization: Bearer <token>` header, if the request carries one. */
export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  return match?.[1];
}

/**
 * The owner of a personal API token (lib/db/api-tokens.ts), acting with their current role.
 * A request that presents a Bearer token is authenticated by the token alone — never by a
 * cookie — which is why such requests may skip the Origin check.
 */
export async function actorFromBearerToken(token: string): Promise<Actor | null> {
  return findActorByApiToken(token);
}

/** Whether the request is authenticated by an API token rather than a cookie session. */
export function isBearerRequest(req: Request): boolean {
  return bearerToken(req) !== undefined;
}

/**
 * For the few acts that could turn a leaked token into the account itself — changing a password,
 * creating accounts, minting tokens: they need a signed-in session (403 forbidden:token).
 */
export function refuseBearer(req: Request, message: string): void {
  if (isBearerRequest(req)) throw new ApiError("forbidden:token", message);
}
