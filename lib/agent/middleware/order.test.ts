import { afterEach, describe, expect, it, vi } from "vitest";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { mainAgentMiddleware } from "./index";

/**
 * The chain's order is part of its behaviour (docs/ARCHITECTURE.md, "The middleware chain"):
 * the design's nine middleware in the design's order, each of ours in its documented place.
 */
const DESIGN = [
  "FilesystemMiddleware",
  "SkillsMiddleware",
  "SubagentsMiddleware",
  "SummarizationMiddleware",
  "TodoMiddleware",
  "PatchToolCallsMiddleware",
  "ModelRetryFallbackMiddleware",
  "ImageCompatMiddleware",
  "TokenUsageMiddleware",
];
const DOCUMENTED = [
  "StepLimitMiddleware", // outermost: counts every model call of the run
  "FilesystemMiddleware",
  "LargeToolResultsMiddleware", // inside the filesystem: writes oversized results to its outputs
  "AttachmentsMiddleware",
  "ArtifactsMiddleware",
  "SkillsMiddleware",
  "SubagentsMiddleware",
  "SummarizationMiddleware",
  "TodoMiddleware",
  "PatchToolCallsMiddleware",
  "ModelRetryFallbackMiddleware",
  "ImageCompatMiddleware",
  "TokenUsageMiddleware",
  "HumanInTheLoopMiddleware", // last: its afterModel reviews the tool calls before any other
];

const chainOf = (isSubagent: boolean) => {
  const ctx = {
    actor: { id: "u", role: "user" },
    config: { max_execution_steps: 10, model_retry_times: 2, tool_approval_mode: "default" },
    preloadedSkills: [],
    effectiveSkillSlugs: [],
    agent: { id: "a", slug: "main", name: "Main", isSubagent, foreign: false },
    visibleSubagents: [{ id: "s", slug: "researcher", name: "Researcher", description: "" }],
  } as unknown as AgentRuntimeContext;
  return mainAgentMiddleware({ ctx, fallbacks: [], backend: {} as WorkspaceBackend })
    .around([])
    .map((m) => m.name);
};

afterEach(() => vi.unstubAllEnvs());

describe("the middleware chain's order", () => {
  it("is the design's sequence, with our additions where the architecture puts them", () => {
    vi.stubEnv("MERIDIAN_SHIMS_OFF", "combine-hooks");
    const names = chainOf(false);
    expect(names).toEqual(DOCUMENTED);
    expect(names.filter((n) => DESIGN.includes(n))).toEqual(DESIGN);
  });

  it("gives a subagent the tool filter in the subagents' place", () => {
    vi.stubEnv("MERIDIAN_SHIMS_OFF", "combine-hooks");
    expect(chainOf(true)).toEqual(
      DOCUMENTED.map((n) => (n === "SubagentsMiddleware" ? "SubagentToolFilterMiddleware" : n)),
    );
  });

  it("keeps the same order when the hooks run combined", () => {
    const names = chainOf(false);
    expect(names.at(-1)).toBe("ChainHooks");
    expect(names.filter((n) => DOCUMENTED.includes(n))).toEqual(DOCUMENTED);
  });
});
