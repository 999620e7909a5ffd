import { z } from "zod";
import { sharingSchema } from "@/lib/sharing/types";
import { headerEditSchema } from "./header-edit";
import { mcpServerNameSchema } from "./server-name";

/** Request bodies of the MCP admin API, checked by the routes and, before sending, by the server form. */

const MCP_TRANSPORTS = ["streamable_http", "sse"] as const;
export type McpTransport = (typeof MCP_TRANSPORTS)[number];

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(isHttpUrl, {
    message: "Enter a full http(s) URL, e.g. https://example.com/mcp",
    params: { i18n: "invalidUrl" },
  });

export const mcpServerCreateSchema = z.object({
  name: mcpServerNameSchema,
  description: z.string().trim().max(1000).default(""),
  transport: z.enum(MCP_TRANSPORTS).default("streamable_http"),
  url: httpUrl,
  headers: headerEditSchema.default([]),
  enabled: z.boolean().default(true),
  sharing: sharingSchema.optional(),
});
export type McpServerCreate = z.infer<typeof mcpServerCreateSchema>;

export const mcpServerPatchSchema = z
  .object({
    name: mcpServerNameSchema,
    description: z.string().trim().max(1000),
    transport: z.enum(MCP_TRANSPORTS),
    url: httpUrl,
    headers: headerEditSchema,
    enabled: z.boolean(),
    sharing: sharingSchema,
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, "Send at least one field to change");
export type McpServerPatch = z.infer<typeof mcpServerPatchSchema>;

export const mcpToolPatchSchema = z.object({ enabled: z.boolean() });
