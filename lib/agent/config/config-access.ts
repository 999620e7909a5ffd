import { isAdminRole, type Role } from "@/lib/identity/roles";
import { agentConfigFieldMeta, type AgentConfig } from "./config-schema";

export { isAdminRole };

const adminOnlyKeys = (Object.keys(agentConfigFieldMeta) as (keyof AgentConfig)[]).filter(
  (k) => agentConfigFieldMeta[k].adminOnly,
);

/** Removes the fields (and values) only admins may set: admin-only fields, and "trust" approval mode. */
export function stripAdminOnlyFields<T extends Partial<AgentConfig>>(config: T): Partial<AgentConfig> {
  return Object.fromEntries(
    Object.entries(config).filter(
      ([k, v]) => !adminOnlyKeys.includes(k as keyof AgentConfig) && !(k === "tool_approval_mode" && v === "trust"),
    ),
  ) as Partial<AgentConfig>;
}

/** A non-admin's edit keeps whatever an admin set in the admin-only fields. */
export function keepAdminOnlyFields(config: Partial<AgentConfig>, stored: AgentConfig): Partial<AgentConfig> {
  const kept = Object.fromEntries(adminOnlyKeys.map((k) => [k, stored[k]]));
  return { ...config, ...kept };
}

/** What a role may see of a config: non-admins never see admin-only fields. */
export function configForRole(config: AgentConfig, role: Role): Partial<AgentConfig> {
  return isAdminRole(role) ? config : stripAdminOnlyFields(config);
}
