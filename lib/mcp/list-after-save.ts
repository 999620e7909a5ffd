import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import type { McpServerPatch } from "./schemas";
import { refreshMcpTools } from "./refresh-tools";
import type { McpServerView } from "./servers";

/** How long a save waits for the server to list its tools. */
const LIST_TIMEOUT_MS = 10_000;

export type SavedMcpServerView = McpServerView & {
  /** Why the tools could not be listed right after the save (the save itself stands). */
  toolsError?: { code: "bad_gateway:mcp"; message: string };
};

/**
 * Whether a saved change reaches another server, or the same one differently (address,
 * transport, a header value given or a header removed, switched on): its tools are listed again.
 * The edit form sends every field, so fields are compared with what was stored before; a rename
 * or a sharing change never re-lists (a listing stores what the admin then reviews).
 */
export function changesConnection(before: McpServerView, after: McpServerView, patch: McpServerPatch): boolean {
  const names = (v: McpServerView) =>
    (v.headerNames ?? [])
      .map((n) => n.toLowerCase())
      .sort()
      .join("\n");
  return (
    before.url !== after.url ||
    before.transport !== after.transport ||
    (!before.enabled && after.enabled) ||
    names(before) !== names(after) ||
    (patch.headers ?? []).some((h) => h.value !== undefined)
  );
}

/**
 * Lists the tools of a server just registered or reconnected (docs/API.md, "MCP servers"), so its
 * tools are there without a Refresh. A server that cannot be reached keeps the save and says why
 * in `toolsError`; a disabled server is not contacted.
 */
export async function withListedTools(actor: Actor, view: McpServerView): Promise<SavedMcpServerView> {
  // A disabled server is not contacted; nor is one the save left the actor unable to manage.
  if (!view.enabled || view.access !== "manage") return view;
  try {
    return await refreshMcpTools(actor, view.id, { timeoutMs: LIST_TIMEOUT_MS });
  } catch (err) {
    if (err instanceof ApiError && err.code === "bad_gateway:mcp")
      return { ...view, toolsError: { code: "bad_gateway:mcp", message: err.message } };
    throw err;
  }
}
