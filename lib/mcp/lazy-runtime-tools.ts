import { DynamicStructuredTool } from "@langchain/core/tools";
import type { RunnableConfig } from "@langchain/core/runnables";
import { mcpToolProperties, toolMetadata } from "@/lib/agent/tools/tool-properties";
import type { McpServerRow } from "./servers";
import { runtimeToolName } from "./names";
import { loadMcpToolsForRuntime, type McpRuntimeOptions, type McpRuntimeTools } from "./runtime-tools";

const ANY_OBJECT = { type: "object", properties: {}, additionalProperties: true } as const;

/**
 * MCP tools declared from a server's stored (admin-reviewed) tool list, connected on their first
 * call: a skill's MCP dependency costs no connection until the model uses it. The first call
 * opens the server through `loadMcpToolsForRuntime`, which re-checks access and the enabled
 * flags, then every call runs the guarded tool (timeout, readable errors) of that connection.
 */
export function lazyMcpTools(rows: McpServerRow[], opts: McpRuntimeOptions): Omit<McpRuntimeTools, "unavailable"> {
  const opened: Promise<McpRuntimeTools>[] = [];
  const tools = rows.flatMap((row) => {
    let connection: Promise<McpRuntimeTools> | null = null;
    const connect = () => {
      if (!connection) {
        connection = loadMcpToolsForRuntime([row.id], opts);
        opened.push(connection);
      }
      return connection;
    };
    return row.tools.filter((t) => t.enabled).map((entry) => lazyTool(row.name, entry, connect));
  });
  let closed: Promise<void> | undefined;
  return {
    tools,
    sources: new Map(tools.map((t) => [t.name, String(t.metadata?.mcpServer)])),
    close() {
      closed ??= Promise.allSettled(opened.map(async (c) => (await c).close())).then(() => undefined);
      return closed;
    },
  };
}

/**
 * A writable copy of a stored schema, one per stored (cached, frozen) schema object: the JSON
 * schema validator annotates the schema it is given, and one object across runs lets the model
 * client and the token count convert it once.
 */
const schemaCopies = new WeakMap<object, unknown>();
function schemaCopy(stored: object): unknown {
  let copy = schemaCopies.get(stored);
  if (copy === undefined) schemaCopies.set(stored, (copy = structuredClone(stored)));
  return copy;
}

function lazyTool(
  serverName: string,
  entry: McpServerRow["tools"][number],
  connect: () => Promise<McpRuntimeTools>,
): DynamicStructuredTool {
  const name = runtimeToolName(serverName, entry.name);
  const schema = (
    entry.inputSchema && typeof entry.inputSchema === "object" ? schemaCopy(entry.inputSchema) : ANY_OBJECT
  ) as Record<string, unknown>;
  return new DynamicStructuredTool({
    name,
    description: entry.description || `${entry.name} (MCP server ${serverName})`,
    schema,
    responseFormat: "content_and_artifact",
    // Read-only as the server said at the last refresh, so approvals can judge it before it connects.
    metadata: toolMetadata(mcpToolProperties({ readOnlyHint: entry.readOnly }), {
      mcpServer: serverName,
      mcpTool: entry.name,
    }),
    func: async (args, runManager, config?: RunnableConfig) => {
      const connection = await connect();
      const real = connection.tools.find((t) => t.name === name) as DynamicStructuredTool | undefined;
      if (real) return real.func(args, runManager, config);
      const down = connection.unavailable.find(
        (u) => u.server === serverName && (!u.tools || u.tools.includes(entry.name)),
      );
      const why = down?.error ?? "the server was disabled, is no longer shared with you, or no longer offers it";
      return [`Error: the tool "${entry.name}" of the MCP server "${serverName}" is not available: ${why}`, []];
    },
  });
}
