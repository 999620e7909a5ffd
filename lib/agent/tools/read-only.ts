/**
 * A tool that only reads declares it in its metadata (SPEC 6 `isReadonly`): approvals let it run
 * in every mode. MCP tools declare it with the protocol's `readOnlyHint` annotation, which
 * `@langchain/mcp-adapters` keeps in `metadata.annotations`.
 */
export const READ_ONLY = { readonly: true } as const;

type ToolMetadata = { readonly?: unknown; annotations?: { readOnlyHint?: unknown } };

export function isReadOnlyTool(tool: unknown): boolean {
  const metadata = (tool as { metadata?: ToolMetadata } | undefined)?.metadata;
  return metadata?.readonly === true || metadata?.annotations?.readOnlyHint === true;
}
