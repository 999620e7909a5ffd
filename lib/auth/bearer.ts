import type { Actor } from "./actor";

/** The token of an `Authorization: Bearer <token>` header, if the request carries one. */
export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  return match?.[1];
}

/**
 * Seam for personal API tokens (a later issue): look the token up (hashed) and return its
 * owner. A request that presents a Bearer token is authenticated by the token alone — never
 * by a cookie — which is why such requests may skip the Origin check.
 */
export async function actorFromBearerToken(_token: string): Promise<Actor | null> {
  return null;
}
