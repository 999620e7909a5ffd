import { z } from "zod";
import { agentConfigFieldMeta, agentConfigSchema } from "@/lib/agent/config/config-schema";
import type { ConfigFieldView } from "./types";

/** Field views exactly as GET /api/agents/config-schema builds them, for the helpers' tests. */
export function serverFields(): ConfigFieldView[] {
  const json = z.toJSONSchema(agentConfigSchema) as { properties: Record<string, unknown> };
  const defaults = agentConfigSchema.parse({}) as Record<string, unknown>;
  return Object.entries(agentConfigFieldMeta).map(([key, meta]) => ({
    key,
    ...meta,
    default: defaults[key],
    schema: json.properties[key],
  }));
}

export function serverField(key: string): ConfigFieldView {
  const field = serverFields().find((f) => f.key === key);
  if (!field) throw new Error(`no field ${key}`);
  return field;
}
