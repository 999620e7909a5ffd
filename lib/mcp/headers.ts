import { z } from "zod";
import { decryptSecret, encryptSecret } from "@/lib/config/crypto";
import { ApiError } from "@/lib/errors/api-error";

/**
 * Request headers for an MCP server (they often carry credentials): sealed at rest, never sent
 * back. An edit lists the headers to keep by name; a value replaces the stored one, no value
 * keeps it, and a stored header left out of the list is removed.
 */

export { headerEditSchema, type HeaderEdit } from "./header-edit";
import type { HeaderEdit } from "./header-edit";

export type StoredHeaders = Record<string, string>;

export function sealHeaders(headers: StoredHeaders): string | null {
  return Object.keys(headers).length ? encryptSecret(JSON.stringify(headers)) : null;
}

/** The stored headers; conflict:mcp when they cannot be opened (ENCRYPTION_KEY changed). */
export function openHeaders(sealed: string | null): StoredHeaders {
  if (!sealed) return {};
  try {
    return z.record(z.string(), z.string()).parse(JSON.parse(decryptSecret(sealed)));
  } catch {
    throw new ApiError(
      "conflict:mcp",
      "The stored headers of this MCP server cannot be decrypted (was ENCRYPTION_KEY changed?). Enter their values again.",
    );
  }
}

/** For an edit: unreadable stored headers count as none, so the admin can enter them again. */
export function openHeadersForEdit(sealed: string | null): StoredHeaders {
  try {
    return openHeaders(sealed);
  } catch {
    return {};
  }
}

/** Names only, for views; an unreadable blob (changed ENCRYPTION_KEY) shows as no headers. */
export function headerNames(sealed: string | null): string[] {
  try {
    return Object.keys(openHeaders(sealed));
  } catch (err) {
    console.warn("[mcp] stored headers could not be opened:", (err as Error).message);
    return [];
  }
}

export function applyHeaderEdit(stored: StoredHeaders, edit: HeaderEdit): StoredHeaders {
  const byLowerName = new Map(Object.entries(stored).map(([name, value]) => [name.toLowerCase(), value]));
  const next: StoredHeaders = {};
  for (const { name, value } of edit) {
    const kept = value ?? byLowerName.get(name.toLowerCase());
    if (kept === undefined) throw new ApiError("bad_request:mcp", `Give a value for the header "${name}".`);
    next[name] = kept;
  }
  return next;
}
