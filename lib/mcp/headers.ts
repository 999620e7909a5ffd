import { z } from "zod";
import { decryptSecret, encryptSecret } from "@/lib/config/crypto";
import { ApiError } from "@/lib/http/errors";

/**
 * Request headers for an MCP server (they often carry credentials): sealed at rest, never sent
 * back. An edit lists the headers to keep by name; a value replaces the stored one, no value
 * keeps it, and a stored header left out of the list is removed.
 */

/** Headers the transports set themselves; letting a config override them breaks the protocol. */
const RESERVED = new Set([
  "accept",
  "content-type",
  "content-length",
  "host",
  "connection",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
]);

export const headerEditSchema = z
  .array(
    z.object({
      name: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, "Not a valid header name")
        .refine((n) => !RESERVED.has(n.toLowerCase()), "This header is set by the MCP transport itself"),
      value: z
        .string()
        .max(4096)
        .regex(/^[^\r\n\0]*$/, "Header values cannot contain line breaks")
        .optional(),
    }),
  )
  .max(20)
  .refine((list) => new Set(list.map((h) => h.name.toLowerCase())).size === list.length, "Each header may appear once");
export type HeaderEdit = z.infer<typeof headerEditSchema>;

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
