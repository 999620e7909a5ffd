import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { mcpServers, type McpToolEntry } from "@/lib/db/schema";
import { pgErrorCode, UNIQUE_VIOLATION } from "@/lib/db/pg-errors";
import { sameOrigin } from "@/lib/config/credential-origin";
import { ApiError } from "@/lib/http/errors";
import { atLeast, CAN_CREATE, canGrant, resolveAccess } from "@/lib/sharing/resolve-access";
import { PRIVATE, type Access, type Sharing } from "@/lib/sharing/types";
import { applyHeaderEdit, headerNames, openHeaders, openHeadersForEdit, sealHeaders, type HeaderEdit } from "./headers";
import { runtimeToolName } from "./names";
import type { McpServerCreate, McpServerPatch, McpTransport } from "./schemas";

/** Data access for MCP servers: every call acts for someone and is scoped by the sharing model. */

export type McpServerRow = typeof mcpServers.$inferSelect;

export type McpToolView = { name: string; runtimeName: string; description: string; enabled: boolean };

/** What an actor sees: readers get the tool list; managers also the URL, header names and sharing. Never header values. */
export type McpServerView = {
  id: string;
  name: string;
  description: string;
  transport: McpTransport;
  enabled: boolean;
  access: Exclude<Access, "none">;
  tools: McpToolView[];
  toolsRefreshedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  url?: string;
  headerNames?: string[];
  ownerId?: string | null;
  sharing?: Sharing;
};

/** What a connection needs, headers opened; server-side only. */
export type McpConnectionTarget = { name: string; transport: McpTransport; url: string; headers: Record<string, string> };

export function toView(row: McpServerRow, access: Exclude<Access, "none">): McpServerView {
  const view: McpServerView = {
    id: row.id,
    name: row.name,
    description: row.description,
    transport: row.transport,
    enabled: row.enabled,
    access,
    tools: row.tools.map((t) => ({ name: t.name, runtimeName: runtimeToolName(row.name, t.name), description: t.description, enabled: t.enabled })),
    toolsRefreshedAt: row.toolsRefreshedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  if (access !== "manage") return view;
  return { ...view, url: row.url, headerNames: headerNames(row.headersEncrypted), ownerId: row.ownerId, sharing: row.sharing as Sharing };
}

export function connectionTarget(row: McpServerRow): McpConnectionTarget {
  return { name: row.name, transport: row.transport, url: row.url, headers: openHeaders(row.headersEncrypted) };
}

/** Servers the actor can at least read, oldest first. */
export async function listMcpServers(actor: Actor): Promise<McpServerView[]> {
  const db = await getDb();
  const rows = await db.select().from(mcpServers).orderBy(asc(mcpServers.createdAt), asc(mcpServers.name));
  return rows.flatMap((row) => {
    const access = resolveAccess(actor, row, "mcp");
    return access === "none" ? [] : [toView(row, access)];
  });
}

/**
 * The enabled servers among `ids` the actor may read, in the order given. The runtime asks
 * again here rather than trusting the ids it was handed.
 */
export async function findUsableMcpServers(actor: Actor, ids: string[]): Promise<McpServerRow[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db.select().from(mcpServers).where(and(inArray(mcpServers.id, ids), eq(mcpServers.enabled, true)));
  const byId = new Map(rows.filter((r) => atLeast(resolveAccess(actor, r, "mcp"), "read")).map((r) => [r.id, r]));
  return [...new Set(ids)].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** The server with the actor's access; 404 when they cannot read it, 403 when they may read but need more. */
export async function requireMcpServer(actor: Actor, id: string, needed: Exclude<Access, "none"> = "read") {
  const db = await getDb();
  const [row] = await db.select().from(mcpServers).where(eq(mcpServers.id, id)).limit(1);
  const access = row ? resolveAccess(actor, row, "mcp") : "none";
  if (!row || access === "none") throw new ApiError("not_found:mcp", "This MCP server does not exist or is not shared with you.");
  if (!atLeast(access, needed)) throw new ApiError("forbidden:mcp", "You may use this MCP server but not change it.");
  return { row, access };
}

export async function getMcpServer(actor: Actor, id: string): Promise<McpServerView> {
  const { row, access } = await requireMcpServer(actor, id);
  return toView(row, access);
}

function checkSharing(actor: Actor, sharing: Sharing) {
  if (!canGrant(actor, sharing.read) || !canGrant(actor, sharing.manage)) {
    throw new ApiError("forbidden:sharing", "You may not share this widely. Admins share within their department; only the superadmin shares globally.");
  }
}

function conflictOnName(err: unknown, name: string | undefined): never {
  if (pgErrorCode(err) === UNIQUE_VIOLATION) {
    throw new ApiError("conflict:mcp", `An MCP server named "${name}" already exists. Names must be unique: they prefix the tool names.`);
  }
  throw err;
}

export async function createMcpServer(actor: Actor, input: McpServerCreate): Promise<McpServerView> {
  if (!CAN_CREATE.mcp.includes(actor.role)) throw new ApiError("forbidden:mcp", "Only administrators may register MCP servers.");
  const sharing = input.sharing ?? PRIVATE;
  checkSharing(actor, sharing);
  const db = await getDb();
  try {
    const [row] = await db
      .insert(mcpServers)
      .values({
        id: crypto.randomUUID(),
        name: input.name,
        description: input.description,
        transport: input.transport,
        url: input.url,
        headersEncrypted: sealHeaders(applyHeaderEdit({}, input.headers)),
        enabled: input.enabled,
        ownerId: actor.id,
        sharing,
      })
      .returning();
    return toView(row!, "manage");
  } catch (err) {
    conflictOnName(err, input.name);
  }
}

/**
 * The sealed headers after an edit; undefined when they stay as stored. Stored values were
 * given for the old server: on a move to another origin none are kept, so a header named
 * without a new value is refused and the edit's own values are all that remain.
 */
function sealedHeadersAfter(row: McpServerRow, url: string | undefined, edit: HeaderEdit | undefined): string | null | undefined {
  const movesOrigin = url !== undefined && !sameOrigin(url, row.url);
  const unvalued = movesOrigin && edit?.find((h) => h.value === undefined);
  if (unvalued) {
    throw new ApiError("bad_request:mcp", `The new URL is on another server, so stored header values do not move with it: give a value for "${unvalued.name}" again.`);
  }
  if (edit) return sealHeaders(applyHeaderEdit(movesOrigin ? {} : openHeadersForEdit(row.headersEncrypted), edit));
  return movesOrigin ? null : undefined;
}

export async function updateMcpServer(actor: Actor, id: string, patch: McpServerPatch): Promise<McpServerView> {
  const { row } = await requireMcpServer(actor, id, "manage");
  if (patch.sharing) checkSharing(actor, patch.sharing);
  const { headers, ...fields } = patch;
  const headerChange = sealedHeadersAfter(row, fields.url, headers);
  const db = await getDb();
  try {
    const [updated] = await db
      .update(mcpServers)
      .set({
        ...fields,
        ...(headerChange !== undefined ? { headersEncrypted: headerChange } : {}),
        updatedAt: new Date(),
      })
      .where(eq(mcpServers.id, id))
      .returning();
    return toView(updated!, "manage");
  } catch (err) {
    conflictOnName(err, patch.name);
  }
}

export async function deleteMcpServer(actor: Actor, id: string): Promise<void> {
  await requireMcpServer(actor, id, "manage");
  const db = await getDb();
  await db.delete(mcpServers).where(eq(mcpServers.id, id));
}

export async function setMcpToolEnabled(actor: Actor, id: string, toolName: string, enabled: boolean): Promise<McpServerView> {
  const { row } = await requireMcpServer(actor, id, "manage");
  if (!row.tools.some((t) => t.name === toolName)) {
    throw new ApiError("not_found:mcp_tool", `The server "${row.name}" has no tool "${toolName}". Refresh its tools first.`);
  }
  const db = await getDb();
  // One statement, so a concurrent toggle or refresh is never overwritten with a stale list.
  const [updated] = await db
    .update(mcpServers)
    .set({
      tools: sql`(select coalesce(jsonb_agg(case when t->>'name' = ${toolName}
        then jsonb_set(t, '{enabled}', to_jsonb(${enabled}::boolean)) else t end order by i), '[]'::jsonb)
        from jsonb_array_elements(${mcpServers.tools}) with ordinality as x(t, i))`,
      updatedAt: new Date(),
    })
    .where(eq(mcpServers.id, id))
    .returning();
  if (!updated) throw new ApiError("not_found:mcp", "This MCP server does not exist or is not shared with you.");
  return toView(updated, "manage");
}

/** Stores a freshly listed tool set (see refresh-tools.ts). */
export async function storeMcpTools(id: string, tools: McpToolEntry[]): Promise<McpServerRow> {
  const db = await getDb();
  const now = new Date();
  const [row] = await db.update(mcpServers).set({ tools, toolsRefreshedAt: now, updatedAt: now }).where(eq(mcpServers.id, id)).returning();
  if (!row) throw new ApiError("not_found:mcp", "This MCP server was deleted while its tools were being listed.");
  return row;
}
