import type { Actor } from "@/lib/identity/actor";
import type { McpToolEntry } from "@/lib/db/schema";
import { isUniqueViolation } from "@/lib/db/pg-errors";
import {
  deleteManagedMcpServer,
  findMcpServerAccess,
  findUsableMcpServers,
  insertMcpServer,
  listReadableMcpServers,
  mcpToolsWithEnabled,
  updateManagedMcpServer,
  type McpServerRow,
} from "@/lib/db/mcp-servers";
import { sameOrigin } from "@/lib/config/credential-origin";
import { ApiError } from "@/lib/errors/api-error";
import { atLeast, CAN_CREATE } from "@/lib/sharing/resolve-access";
import { PRIVATE, type Access, type Sharing } from "@/lib/sharing/types";
import { applyHeaderEdit, headerNames, openHeaders, openHeadersForEdit, sealHeaders, type HeaderEdit } from "./headers";
import { runtimeToolName } from "./names";
import type { McpServerCreate, McpServerPatch, McpTransport } from "./schemas";
import { assertMayGrant } from "@/lib/sharing/grant";

/** MCP servers as the API sees them: views, permission checks and header sealing over lib/db/mcp-servers. */

export { findUsableMcpServers, type McpServerRow };

type McpToolView = { name: string; runtimeName: string; description: string; enabled: boolean };

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
export type McpConnectionTarget = {
  name: string;
  transport: McpTransport;
  url: string;
  headers: Record<string, string>;
};

export function toView(row: McpServerRow, access: Exclude<Access, "none">): McpServerView {
  const view: McpServerView = {
    id: row.id,
    name: row.name,
    description: row.description,
    transport: row.transport,
    enabled: row.enabled,
    access,
    tools: row.tools.map((t) => ({
      name: t.name,
      runtimeName: runtimeToolName(row.name, t.name),
      description: t.description,
      enabled: t.enabled,
    })),
    toolsRefreshedAt: row.toolsRefreshedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  if (access !== "manage") return view;
  return {
    ...view,
    url: row.url,
    headerNames: headerNames(row.headersEncrypted),
    ownerId: row.ownerId,
    sharing: row.sharing as Sharing,
  };
}

export function connectionTarget(row: McpServerRow): McpConnectionTarget {
  return { name: row.name, transport: row.transport, url: row.url, headers: openHeaders(row.headersEncrypted) };
}

/** Servers the actor can at least read, oldest first. */
export async function listMcpServers(actor: Actor): Promise<McpServerView[]> {
  return (await listReadableMcpServers(actor)).map(({ row, access }) => toView(row, access));
}

/** The server with the actor's access; 404 when they cannot read it, 403 when they may read but need more. */
export async function requireMcpServer(actor: Actor, id: string, needed: Exclude<Access, "none"> = "read") {
  const { row, access } = await findMcpServerAccess(actor, id);
  if (!row || access === "none")
    throw new ApiError("not_found:mcp", "This MCP server does not exist or is not shared with you.");
  if (!atLeast(access, needed)) throw new ApiError("forbidden:mcp", "You may use this MCP server but not change it.");
  return { row, access };
}

export async function getMcpServer(actor: Actor, id: string): Promise<McpServerView> {
  const { row, access } = await requireMcpServer(actor, id);
  return toView(row, access);
}

function conflictOnName(err: unknown, name: string | undefined): never {
  if (isUniqueViolation(err)) {
    throw new ApiError(
      "conflict:mcp",
      `An MCP server named "${name}" already exists. Names must be unique: they prefix the tool names.`,
    );
  }
  throw err;
}

export async function createMcpServer(actor: Actor, input: McpServerCreate): Promise<McpServerView> {
  if (!CAN_CREATE.mcp.includes(actor.role))
    throw new ApiError("forbidden:mcp", "Only administrators may register MCP servers.");
  const sharing = input.sharing ?? PRIVATE;
  assertMayGrant(actor, sharing);
  try {
    const row = await insertMcpServer(actor, {
      name: input.name,
      description: input.description,
      transport: input.transport,
      url: input.url,
      headersEncrypted: sealHeaders(applyHeaderEdit({}, input.headers)),
      enabled: input.enabled,
      sharing,
    });
    return toView(row, "manage");
  } catch (err) {
    conflictOnName(err, input.name);
  }
}

/**
 * The sealed headers after an edit; undefined when they stay as stored. Stored values were
 * given for the old server: on a move to another origin none are kept, so a header named
 * without a new value is refused and the edit's own values are all that remain.
 */
function sealedHeadersAfter(
  row: McpServerRow,
  url: string | undefined,
  edit: HeaderEdit | undefined,
): string | null | undefined {
  const movesOrigin = url !== undefined && !sameOrigin(url, row.url);
  const unvalued = movesOrigin && edit?.find((h) => h.value === undefined);
  if (unvalued) {
    throw new ApiError(
      "bad_request:mcp",
      `The new URL is on another server, so stored header values do not move with it: give a value for "${unvalued.name}" again.`,
    );
  }
  if (edit) return sealHeaders(applyHeaderEdit(movesOrigin ? {} : openHeadersForEdit(row.headersEncrypted), edit));
  return movesOrigin ? null : undefined;
}

export async function updateMcpServer(actor: Actor, id: string, patch: McpServerPatch): Promise<McpServerView> {
  const { row } = await requireMcpServer(actor, id, "manage");
  if (patch.sharing) assertMayGrant(actor, patch.sharing);
  const { headers, ...fields } = patch;
  const headerChange = sealedHeadersAfter(row, fields.url, headers);
  try {
    const updated = await updateManagedMcpServer(actor, id, {
      ...fields,
      ...(headerChange !== undefined ? { headersEncrypted: headerChange } : {}),
      updatedAt: new Date(),
    });
    return toView(updated!, "manage");
  } catch (err) {
    conflictOnName(err, patch.name);
  }
}

export async function deleteMcpServer(actor: Actor, id: string): Promise<void> {
  await requireMcpServer(actor, id, "manage");
  await deleteManagedMcpServer(actor, id);
}

export async function setMcpToolEnabled(
  actor: Actor,
  id: string,
  toolName: string,
  enabled: boolean,
): Promise<McpServerView> {
  const { row } = await requireMcpServer(actor, id, "manage");
  if (!row.tools.some((t) => t.name === toolName)) {
    throw new ApiError(
      "not_found:mcp_tool",
      `The server "${row.name}" has no tool "${toolName}". Refresh its tools first.`,
    );
  }
  const updated = await updateManagedMcpServer(actor, id, {
    tools: mcpToolsWithEnabled(toolName, enabled),
    updatedAt: new Date(),
  });
  if (!updated) throw new ApiError("not_found:mcp", "This MCP server does not exist or is not shared with you.");
  return toView(updated, "manage");
}

/** Stores a freshly listed tool set for a server the actor manages (see refresh-tools.ts). */
export async function storeMcpTools(actor: Actor, id: string, tools: McpToolEntry[]): Promise<McpServerRow> {
  const now = new Date();
  const row = await updateManagedMcpServer(actor, id, { tools, toolsRefreshedAt: now, updatedAt: now });
  if (!row) throw new ApiError("not_found:mcp", "This MCP server was deleted while its tools were being listed.");
  return row;
}
