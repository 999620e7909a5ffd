/**
 * What a tool is, declared by the factory that makes it and kept in the LangChain tool's
 * `metadata`: approvals, subagent filtering, the reserved-name check and offloading read these
 * properties, never lists of names.
 */

/**
 * What a tool that is not read-only changes, which decides when approvals ask (docs/ARCHITECTURE.md, "Approvals"):
 * - `conversation`: only this conversation's own state (its plan, a question to the user): never asks;
 * - `file`: the file its `file_path` argument names: `auto` lets it run inside the conversation's workdir;
 * - `external`: anything else (the user's workspace or setup, remote systems): asks unless `trust`.
 */
type SideEffect = "conversation" | "file" | "external";

export type ToolProperties = {
  /** Only reads: runs without approval in every mode. */
  readonly?: boolean;
  /** What it changes; a tool that declares neither this nor `readonly` is treated as `external`. */
  sideEffect?: SideEffect;
  /** Delegates, talks to the user or changes their setup: subagents never get it. */
  mainAgentOnly?: boolean;
  /** Registered by a middleware: no configured, MCP or skill tool may take its name. */
  middlewareOwned?: boolean;
  /** Its output is already paged or bounded: never offloaded to a file. */
  boundedOutput?: boolean;
  /** Talks to a system outside Meridian (an MCP server): even reading sends the arguments there. */
  remote?: boolean;
  /**
   * Reserved for deferred tools (a later issue): loaded through `search_tools` on demand.
   * No tool may set it yet.
   */
  deferLoading?: never;
};

const SIDE_EFFECTS: readonly SideEffect[] = ["conversation", "file", "external"];
const FLAGS = ["readonly", "mainAgentOnly", "middlewareOwned", "boundedOutput", "remote"] as const;

type WithMetadata = { metadata?: Record<string, unknown> };

/** `metadata` for `tool(fn, { ..., metadata })` and `new DynamicStructuredTool({ ..., metadata })`. */
export function toolMetadata(properties: ToolProperties, rest: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...rest, ...properties };
}

/** Adds `properties` to a tool made elsewhere (deepagents, MCP adapters); returns the same tool. */
export function withToolProperties<T extends object>(tool: T, properties: ToolProperties): T {
  const t = tool as T & WithMetadata;
  t.metadata = toolMetadata(properties, t.metadata);
  return tool;
}

/** The properties a tool declares (none for an unknown value or a tool that declares none). */
export function toolProperties(tool: unknown): ToolProperties {
  const metadata = (tool as WithMetadata | null | undefined)?.metadata;
  if (!metadata || typeof metadata !== "object") return {};
  const properties: ToolProperties = {};
  for (const flag of FLAGS) if (metadata[flag] === true) properties[flag] = true;
  const sideEffect = metadata.sideEffect;
  if (SIDE_EFFECTS.includes(sideEffect as SideEffect)) properties.sideEffect = sideEffect as SideEffect;
  return properties;
}

/** The names no run tool may take: those of the middleware-owned tools among `tools`. */
export function reservedToolNames(tools: readonly unknown[]): string[] {
  return tools.flatMap((t) => {
    const name = (t as { name?: unknown }).name;
    return toolProperties(t).middlewareOwned && typeof name === "string" ? [name] : [];
  });
}

/** MCP tool annotations (the protocol's hints), as the server sent them. */
export type McpToolAnnotations = { readOnlyHint?: unknown; destructiveHint?: unknown };

/**
 * An MCP tool's properties from its annotations: `readOnlyHint` makes it read-only; otherwise it
 * may change something outside Meridian, destructive or not (`destructiveHint` only matters when
 * not read-only, and a non-destructive write still changes something), so approvals ask.
 */
export function mcpToolProperties(annotations: McpToolAnnotations | null | undefined): ToolProperties {
  return annotations?.readOnlyHint === true
    ? { readonly: true, remote: true }
    : { sideEffect: "external", remote: true };
}
