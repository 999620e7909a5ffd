import type { BuiltinToolFactory } from "@/lib/agent/runtime/context-types";
import { kbTools } from "./kb-tools";
import { installSkillTool } from "./install-skill";
import { INSTALL_SKILL } from "./names";

/**
 * Tools an agent's `tools` selection configures directly. Factories build a new instance per
 * run (the runtime marks instances per run). Tools that belong to a middleware (write_todos,
 * filesystem tools) are registered there.
 */
export const builtinTools: Record<string, BuiltinToolFactory> = {
  [INSTALL_SKILL]: installSkillTool,
};

/**
 * Executable built-ins that only skills open: not offered in the `tools` selection; a run
 * registers them when an effective skill declares them (the knowledge-base tools).
 */
const skillOnlyTools: Record<string, BuiltinToolFactory> = { ...kbTools };

export function builtinToolNames(): string[] {
  return Object.keys(builtinTools);
}

/** The factory of a tool a skill may declare, configurable or skill-only. */
export function skillDeclarableTool(name: string): BuiltinToolFactory | undefined {
  return Object.hasOwn(builtinTools, name)
    ? builtinTools[name]
    : Object.hasOwn(skillOnlyTools, name)
      ? skillOnlyTools[name]
      : undefined;
}
