import { z } from "zod";

/** Who a scope reaches: everyone, members of departments, or listed users. */
const shareScopeSchema = z.object({
  global: z.boolean().default(false),
  departmentIds: z.array(z.string().min(1)).max(200).default([]),
  userIds: z.array(z.string().min(1)).max(1000).default([]),
});
export type ShareScope = z.infer<typeof shareScopeSchema>;

/** One sharing model for agents, skills, knowledge bases and MCP servers. */
export const sharingSchema = z.object({
  read: shareScopeSchema.default({ global: false, departmentIds: [], userIds: [] }),
  manage: shareScopeSchema.default({ global: false, departmentIds: [], userIds: [] }),
});
export type Sharing = z.infer<typeof sharingSchema>;

export const RESOURCE_KINDS = ["agent", "skill", "kb", "mcp"] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export type Access = "none" | "read" | "manage";

/** A stored sharing value, read leniently: anything malformed shares with nobody. */
export function parseSharing(raw: unknown): Sharing {
  const parsed = sharingSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : sharingSchema.parse({});
}

export const PRIVATE: Sharing = sharingSchema.parse({});
