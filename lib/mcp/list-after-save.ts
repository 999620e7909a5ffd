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

/** Whether a change reaches another server, or the same one differently: its tools are listed again. */
export function changesConnection(patch: McpServerPatch): boolean {
  return (
    patch.url !== undefined || patch.transport !== undefined || patch.headers !== undefined || patch.enabled === true
  );
}

/**
 * Lists the tools of a server just registered or reconnected (docs/API.md, "MCP servers"), so its
 * tools are there without a Refresh. A server that cannot be reached keeps the save and says why
 * in `toolsError`; a disabled server is not contacted.
 */
export async function withListedTools(actor: Actor, view: McpServerView): Promise<SavedMcpServerView> {
  if (!view.enabled) return view;
  try {
    return await refreshMcpTools(actor, view.id, { timeoutMs: LIST_TIMEOUT_MS });
  } catch (err) {
    if (err instanceof ApiError && err.code === "bad_gateway:mcp")
      return { ...view, toolsError: { code: "bad_gateway:mcp", message: err.message } };
    throw err;
  }
}
