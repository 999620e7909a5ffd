import { z } from "zod";

/** `:id` (and `:toolName`) of the MCP server routes; an unknown id answers 404 from the data access. */
export const McpServerParams = z.object({ id: z.string().min(1).max(100) });
export const McpToolParams = McpServerParams.extend({ toolName: z.string().min(1).max(200) });
