import { createAgent } from "langchain";
import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { buildPromptWithContext } from "./runtime/build-prompt";
import { readUserPromptFiles } from "./runtime/user-prompt-files";
import { loadChatModel } from "./runtime/load-model";
import { resolveRuntimeToolsWithMcp } from "./runtime/resolve-tools";
import type { AgentRuntimeContext } from "./runtime/context-types";
import { mainAgentMiddleware } from "./middleware";
import { getCheckpointer } from "./checkpointer";
import { openWorkspace } from "@/lib/workspace/open";
import { workdirOf } from "@/lib/workspace/paths";
import { FILESYSTEM_TOOL_NAMES } from "./middleware/filesystem";
import { OCR_TOOL_NAME } from "./tools/ocr-parse-file";

/** Tools registered by middleware; a configured tool may not take their names. */
const MIDDLEWARE_TOOL_NAMES = ["write_todos", "present_artifacts", "ask_user_question", OCR_TOOL_NAME, ...FILESYSTEM_TOOL_NAMES];

/**
 * ChatbotAgent: the main agent graph for one run, built from the prepared runtime context.
 * Built per run (cheap) so per-run middleware state, such as a model switch, never leaks.
 */
export async function buildChatbotAgent(
  ctx: AgentRuntimeContext,
  opts: { checkpointer?: BaseCheckpointSaver; /** The conversation root (its workdir is shown in the prompt). */ rootThreadId?: string } = {},
) {
  const model = await loadChatModel(ctx.modelSpec);
  const fallbacks = await Promise.all(ctx.fallbackSpecs.map((spec) => loadChatModel(spec)));
  const runtimeTools = await resolveRuntimeToolsWithMcp(ctx, MIDDLEWARE_TOOL_NAMES);
  const workdir = opts.rootThreadId ? workdirOf(opts.rootThreadId) : undefined;
  try {
    const agent = createAgent({
      name: "ChatbotAgent",
      model,
      tools: runtimeTools.tools,
      systemPrompt: buildPromptWithContext(ctx, {
        userFiles: await readUserPromptFiles(ctx.actor.id),
        workdir: workdir ?? null,
      }),
      middleware: mainAgentMiddleware({ ctx, fallbacks, backend: openWorkspace(ctx.actor.id), tools: runtimeTools.tools, workdir }),
      checkpointer: opts.checkpointer ?? (await getCheckpointer()),
    });
    // The run that streams this agent calls close() at its end: it releases the MCP connections.
    return Object.assign(agent, { close: runtimeTools.close });
  } catch (err) {
    await runtimeTools.close();
    throw err;
  }
}

export type ChatbotAgent = Awaited<ReturnType<typeof buildChatbotAgent>>;
