import { createMiddleware } from "langchain";
import { ToolMessage } from "@langchain/core/messages";
import { Command, ReducedValue, StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { READ_FILE } from "@/lib/agent/tools/names";
import { skillGateOf, skillOpens, type SkillGate } from "@/lib/agent/runtime/skill-tools";
import { emitPart, type SkillsPartData } from "@/lib/agent/ui-parts";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { VIRTUAL } from "@/lib/workspace/paths";
import { parseVirtualPath } from "@/lib/workspace/virtual-path";
import { loadPreloadedSkills, skillsPromptSection } from "./skills-prompt";

/** Union keeping first-activation order. */
function mergeActivatedSkills(current: string[], update: string[]): string[] {
  return [...new Set([...current, ...update])];
}

const skillsState = new StateSchema({
  activatedSkills: new ReducedValue(
    z.array(z.string()).default(() => []),
    {
      inputSchema: z.array(z.string()).optional(),
      reducer: (current: string[], update: string[] | undefined) => mergeActivatedSkills(current, update ?? []),
    },
  ),
});

const SKILL_MD_PATHS = [VIRTUAL.skills, VIRTUAL.personalSkills].map(
  (root) => new RegExp(`^${root.replace(/[/.]/g, "\\$&")}/([^/]+)/SKILL\\.md$`),
);

/** The slug whose SKILL.md `filePath` names exactly (after the backend's path normalisation), else null. */
function skillSlugOfPath(filePath: unknown): string | null {
  if (typeof filePath !== "string") return null;
  let virtual: string;
  try {
    virtual = parseVirtualPath(filePath).virtual;
  } catch {
    return null;
  }
  for (const re of SKILL_MD_PATHS) {
    const m = re.exec(virtual);
    if (m) return m[1];
  }
  return null;
}

/** read_file reports failures as text starting with "Error:" rather than an error status. */
function readSucceeded(result: ToolMessage | Command): result is ToolMessage {
  if (!ToolMessage.isInstance(result) || result.status === "error") return false;
  const text =
    typeof result.content === "string"
      ? result.content
      : result.content.map((p) => ("text" in p ? String(p.text) : "")).join("");
  return !text.trimStart().startsWith("Error:");
}

/**
 * Slot 3 (docs/ARCHITECTURE.md, "Skills"). Before each model call: lazy skills (effective, not preloaded) are listed
 * with name, description and SKILL.md path; preloaded skills are injected in full; tools only
 * skills declare are hidden unless a skill declaring them is active (preloaded or activated).
 * After a successful read_file of an effective skill's SKILL.md, its slug joins
 * `activatedSkills` and a `data-skills` part tells the status panel.
 */
export function skillsMiddleware({ ctx, backend }: { ctx: AgentRuntimeContext; backend: WorkspaceBackend }) {
  const effective = (slug: string) => Object.hasOwn(ctx.runtimeSkills, slug);
  const preloaded = ctx.preloadedSkills.map((s) => s.slug).filter(effective);
  const available = ctx.effectiveSkillSlugs.map((slug) => {
    const { name, builtin } = ctx.runtimeSkills[slug];
    return builtin ? { slug, name, builtin } : { slug, name };
  });
  // The agent is built per run: this holds what this run activated (parallel reads see each other).
  const activatedThisRun = new Set<string>();
  let prompt: Promise<string | null> | null = null;

  const activeSkills = (state: { activatedSkills?: string[] }) =>
    mergeActivatedSkills([...preloaded, ...(state.activatedSkills ?? [])], [...activatedThisRun]).filter(effective);
  const isOpen = (gate: SkillGate, state: { activatedSkills?: string[] }) =>
    activeSkills(state).some((slug) => skillOpens(ctx.runtimeSkills[slug], gate));
  const emit = (writer: ((chunk: unknown) => void) | undefined, activated: string[]) =>
    emitPart(writer, "skills", { activated, available } satisfies SkillsPartData, { id: "skills" });

  return createMiddleware({
    name: "SkillsMiddleware",
    stateSchema: skillsState,
    // Only an agent that preloads skills needs this graph step.
    ...(preloaded.length > 0 && {
      beforeAgent: (state: { activatedSkills?: string[] }, runtime: { writer?: (chunk: unknown) => void }) => {
        const current = state.activatedSkills ?? [];
        const missing = preloaded.filter((slug) => !current.includes(slug));
        if (missing.length === 0) return;
        emit(runtime.writer, mergeActivatedSkills(current, missing));
        return { activatedSkills: missing };
      },
    }),
    wrapModelCall: async (request, handler) => {
      const section = await (prompt ??= loadPreloadedSkills(ctx, backend).then((loaded) =>
        skillsPromptSection(ctx, loaded),
      ));
      const tools = request.tools.filter((t) => {
        const gate = skillGateOf(t);
        return !gate || isOpen(gate, request.state);
      });
      return handler({
        ...request,
        tools,
        ...(section ? { systemMessage: request.systemMessage.concat(`\n\n${section}`) } : {}),
      });
    },
    wrapToolCall: async (request, handler) => {
      const { toolCall, state } = request;
      const gate = skillGateOf(request.tool);
      if (gate && !isOpen(gate, state)) {
        const owners = ctx.effectiveSkillSlugs.filter((slug) => skillOpens(ctx.runtimeSkills[slug], gate));
        const reads = owners.map((slug) => ctx.runtimeSkills[slug].path).join(" or ");
        return new ToolMessage({
          content: `Error: ${toolCall.name} is not a valid tool yet: it belongs to the skill ${owners.map((s) => `"${s}"`).join(", ")}. Read ${reads} with read_file first; its tools are available from your next step.`,
          tool_call_id: toolCall.id ?? "",
          name: toolCall.name,
          status: "error",
        });
      }
      const slug = toolCall.name === READ_FILE ? skillSlugOfPath(toolCall.args?.file_path) : null;
      if (!slug || !effective(slug)) return handler(request);
      const result = await handler(request);
      if (!readSucceeded(result) || activeSkills(state).includes(slug)) return result;
      activatedThisRun.add(slug);
      emit(request.runtime.writer, mergeActivatedSkills(state.activatedSkills ?? [], [...activatedThisRun]));
      return new Command({ update: { activatedSkills: [slug], messages: [result] } });
    },
  });
}
