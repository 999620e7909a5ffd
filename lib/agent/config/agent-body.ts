import { z } from "zod";
import { sharingSchema } from "@/lib/sharing/types";

/** Body of POST /api/agents and PUT /api/agents/:id (config is checked field by field downstream). */
export const agentBody = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "use lowercase letters, digits and dashes")
    .max(64),
  name: z.string().trim().min(1).max(120),
  description: z.string().max(2000).optional(),
  isSubagent: z.boolean().optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  sharing: sharingSchema.optional(),
});
