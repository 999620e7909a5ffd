import crypto from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { actorColumns } from "./user-view";
import { getDb } from "./client";
import { preparedQuery } from "./prepared-query";
import { apiTokens, users } from "./schema";
import { ApiError } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/identity/actor";

/** Personal API tokens: `mrd_` + 32 random bytes (base64url); only their SHA-256 is stored. */

const TOKEN_PREFIX = "mrd_";
export const MAX_TOKENS_PER_USER = 50;
/** lastUsedAt is written at most this often per token, so token traffic does not mean a write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Characters kept in clear to recognise a token in a list: "mrd_" + 8 of the secret. */
const DISPLAY_PREFIX_LENGTH = TOKEN_PREFIX.length + 8;
const TOKEN_SHAPE = /^mrd_[A-Za-z0-9_-]{43}$/;

export type ApiTokenView = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
};

export type CreatedApiToken = { id: string; name: string; token: string; prefix: string; expiresAt: Date | null };

const tokenView = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

export function hashApiToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

/** A new token for the actor; the only time the secret exists outside the client. */
export async function createApiToken(
  actor: Actor,
  input: { name: string; expiresInDays?: number | null },
  now = new Date(),
): Promise<CreatedApiToken> {
  const token = TOKEN_PREFIX + crypto.randomBytes(32).toString("base64url");
  const row = {
    id: crypto.randomUUID(),
    userId: actor.id,
    name: input.name,
    tokenHash: hashApiToken(token),
    prefix: token.slice(0, DISPLAY_PREFIX_LENGTH),
    expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
    createdAt: now,
  };
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Locking the owner's row serialises concurrent creations, so the cap holds exactly.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("update");
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, actor.id));
    if (n >= MAX_TOKENS_PER_USER) {
      throw new ApiError(
        "conflict:token",
        `You already have ${MAX_TOKENS_PER_USER} API tokens. Revoke one before creating another.`,
      );
    }
    await tx.insert(apiTokens).values(row);
  });
  return { id: row.id, name: row.name, token, prefix: row.prefix, expiresAt: row.expiresAt };
}

/** The actor's own tokens, newest first; never the hash. */
export async function listApiTokens(actor: Actor): Promise<ApiTokenView[]> {
  const db = await getDb();
  return db
    .select(tokenView)
    .from(apiTokens)
    .where(eq(apiTokens.userId, actor.id))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Revokes one of the actor's tokens; someone else's answers 404 like an unknown one. */
export async function deleteApiToken(actor: Actor, id: string): Promise<void> {
  const db = await getDb();
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.id)))
    .returning({ id: apiTokens.id });
  if (deleted.length === 0) throw new ApiError("not_found:token", "This API token does not exist.");
}

/**
 * The owner of a valid token, with their current role and department; null when the token is
 * malformed, unknown, revoked, expired, or its owner is disabled. The lookup is by SHA-256, so
 * response timing can reveal at most hash prefixes, which do not help to forge a token; the
 * match is then confirmed in constant time.
 */
export async function findActorByApiToken(token: string, now = new Date()): Promise<Actor | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const hash = hashApiToken(token);
  const db = await getDb();
  const [row] = await preparedQuery(db, "actorByApiToken", (db) =>
    db
      .select({
        id: apiTokens.id,
        tokenHash: apiTokens.tokenHash,
        expiresAt: apiTokens.expiresAt,
        lastUsedAt: apiTokens.lastUsedAt,
        disabled: users.disabled,
        user: actorColumns,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, sql.placeholder("hash")))
      .limit(1)
      .prepare(""),
  ).execute({ hash });
  if (!row || !crypto.timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) return null;
  if (row.disabled || (row.expiresAt && row.expiresAt <= now)) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  }
  return row.user;
}
