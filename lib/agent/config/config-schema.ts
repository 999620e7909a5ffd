import { z } from "zod";

/**
 * The single source of an agent's configuration
 * (docs/ARCHITECTURE.md, "Runtime preparation" and "Summary"). Field metadata (kind, where
 * options come from, admin-only) will drive the generated admin form; defaults drive runtime.
 * Resource fields: null = everything the user may access, [] = none, list = allow-list.
 */
export type FieldMeta = {
  kind: "text" | "prompt" | "model" | "resources" | "select" | "number";
  optionsSource?: "tools" | "knowledges" | "mcps" | "skills" | "subagents" | "models";
  adminOnly?: boolean;
  /** Form section the field belongs to. */
  group: "basics" | "resources" | "behaviour" | "summary";
};

const resourceList = z.array(z.string().min(1)).nullable();

export const agentConfigSchema = z.object({
  system_prompt: z.string().max(100_000).default(""),
  model: z.string().nullable().default(null),
  tools: resourceList.default(null),
  knowledges: resourceList.default(null),
  mcps: resourceList.default(null),
  skills: resourceList.default(null),
  preload_skills: z.array(z.string()).default([]),
  subagents: resourceList.default(null),
  tool_approval_mode: z.enum(["default", "auto", "trust"]).default("default"),
  summary_threshold: z.number().int().min(1).max(2048).default(100),
  summary_keep_messages: z.number().int().min(1).max(200).default(10),
  summary_tool_result_token_limit: z.number().int().min(10).max(100_000).default(300),
  summary_l2_trigger_ratio: z.number().min(0.05).max(1).default(0.4),
  summary_prompt: z.string().nullable().default(null),
  max_execution_steps: z.number().int().min(1).max(500).default(50),
  model_retry_times: z.number().int().min(0).max(10).default(2),
});

export type AgentConfig = z.infer<typeof agentConfigSchema>;

export const agentConfigFieldMeta: Record<keyof AgentConfig, FieldMeta> = {
  system_prompt: { kind: "prompt", group: "basics" },
  model: { kind: "model", optionsSource: "models", group: "basics" },
  tools: { kind: "resources", optionsSource: "tools", group: "resources" },
  knowledges: { kind: "resources", optionsSource: "knowledges", group: "resources" },
  mcps: { kind: "resources", optionsSource: "mcps", group: "resources" },
  skills: { kind: "resources", optionsSource: "skills", group: "resources" },
  preload_skills: { kind: "resources", optionsSource: "skills", group: "resources" },
  subagents: { kind: "resources", optionsSource: "subagents", group: "resources" },
  tool_approval_mode: { kind: "select", group: "behaviour" },
  summary_threshold: { kind: "number", adminOnly: true, group: "summary" },
  summary_keep_messages: { kind: "number", adminOnly: true, group: "summary" },
  summary_tool_result_token_limit: { kind: "number", adminOnly: true, group: "summary" },
  summary_l2_trigger_ratio: { kind: "number", adminOnly: true, group: "summary" },
  summary_prompt: { kind: "prompt", adminOnly: true, group: "summary" },
  max_execution_steps: { kind: "number", adminOnly: true, group: "behaviour" },
  model_retry_times: { kind: "number", adminOnly: true, group: "behaviour" },
};

/** Parses a stored config leniently: unknown keys dropped, invalid values replaced by defaults. */
export function parseAgentConfig(raw: unknown): AgentConfig {
  const input = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(agentConfigSchema.shape)) {
    const parsed = field.safeParse(input[key]);
    out[key] = parsed.success ? parsed.data : field.parse(undefined);
  }
  return out as AgentConfig;
}
