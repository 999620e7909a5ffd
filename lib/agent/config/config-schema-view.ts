import { z } from "zod";
import type { Actor } from "@/lib/identity/actor";
import { agentConfigFieldMeta, agentConfigSchema, type AgentConfig, type FieldMeta } from "./config-schema";
import { isAdminRole } from "./config-access";
import { loadResourceCatalog } from "@/lib/agent/runtime/resource-catalog";
import { listChatModels } from "@/lib/models/providers";

type ConfigFieldView = FieldMeta & {
  key: keyof AgentConfig;
  default: unknown;
  /** JSON Schema of the field (type, bounds, enum, nullability) for validation in the form. */
  schema: unknown;
};

/** `origin`: what Meridian ships (a built-in skill, a seeded agent); the form shows its texts in the user's language. */
type ConfigOption = {
  value: string;
  label: string;
  description?: string;
  origin?: { kind: "skill"; slug: string } | { kind: "agent"; id: string };
};

/**
 * GET /api/agents/config-schema: the fields a form may show to this actor (admin-only fields
 * are left out for non-admins), and the options of each resource field as this actor sees them.
 */
export async function configSchemaFor(actor: Actor) {
  const json = z.toJSONSchema(agentConfigSchema) as { properties: Record<string, unknown> };
  const defaults = agentConfigSchema.parse({});
  const fields: ConfigFieldView[] = (Object.keys(agentConfigFieldMeta) as (keyof AgentConfig)[])
    .filter((key) => isAdminRole(actor.role) || !agentConfigFieldMeta[key].adminOnly)
    .map((key) => ({ key, ...agentConfigFieldMeta[key], default: defaults[key], schema: json.properties[key] }));
  const catalog = await loadResourceCatalog(actor);
  const options: Record<NonNullable<FieldMeta["optionsSource"]>, ConfigOption[]> = {
    models: (await listChatModels()).map((m) => ({ value: m.spec, label: m.label })),
    tools: catalog.tools.map((t) => ({ value: t, label: t })),
    mcps: catalog.mcpServers.map((s) => ({ value: s.id, label: s.name })),
    knowledges: catalog.knowledgeBases.map((k) => ({ value: k.kbId, label: k.name, description: k.description })),
    skills: catalog.skills.map((s) => ({
      value: s.slug,
      label: s.name,
      description: s.description,
      ...(s.builtin && { origin: { kind: "skill" as const, slug: s.slug } }),
    })),
    subagents: catalog.subagents.map((s) => ({
      value: s.slug,
      label: s.name,
      description: s.description,
      origin: { kind: "agent" as const, id: s.id },
    })),
  };
  return { fields, options };
}
