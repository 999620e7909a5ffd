import { createHash } from "node:crypto";
import { createMiddleware } from "langchain";
import { ToolMessage } from "@langchain/core/messages";
import { Command, isCommand } from "@langchain/langgraph";
import { countTextTokens } from "@/lib/agent/token-count";
import { runContextOf } from "@/lib/agent/run-context";
import { toolProperties } from "@/lib/agent/tools/tool-properties";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { describeFsError } from "@/lib/workspace/backend";
import { workdirOf } from "@/lib/workspace/paths";

/** Results above this many approximate tokens are saved to a file and replaced by a receipt. */
export const LARGE_RESULT_TOKENS = 3072;
/** ... or above this many characters (the usual 4 per token), however few tokens they make. */
export const LARGE_RESULT_CHARS = LARGE_RESULT_TOKENS * 4;

const PREVIEW_LINES = 12;
const PREVIEW_CHARS = 1500;

/**
 * Slot 1 (with the filesystem tools), the only offloader: a tool result larger than
 * LARGE_RESULT_TOKENS tokens or LARGE_RESULT_CHARS characters is written
 * whole to `<workdir>/outputs/large_tool_results/<tool>-<hash>.txt`; the model gets a receipt
 * with the tool name, the approximate size, the full path and a preview. History keeps only the
 * receipt, so later calls stay small. Tools that declare `boundedOutput` (paged) are left alone.
 */
export function largeToolResultsMiddleware(backend: WorkspaceBackend) {
  async function offload(msg: ToolMessage, rootThreadId: string | undefined): Promise<ToolMessage> {
    if (!rootThreadId) return msg;
    const text = toolText(msg.content);
    // Tokens never exceed characters for real text: skip counting for small results.
    if (text.length <= LARGE_RESULT_TOKENS) return msg;
    const tokens = countTextTokens(text);
    if (tokens <= LARGE_RESULT_TOKENS && text.length <= LARGE_RESULT_CHARS) return msg;
    const tool = safeName(msg.name || "tool");
    const hash = createHash("sha256").update(text).digest("hex").slice(0, 12);
    const filePath = `${workdirOf(rootThreadId)}/outputs/large_tool_results/${tool}-${hash}.txt`;
    try {
      await backend.writeBytes(filePath, text);
    } catch (err) {
      console.error("[large-tool-results] could not save:", err);
      return replaceContent(
        msg,
        `The ${tool} result (~${tokens} tokens) was too large to show and could not be saved: ${describeFsError(err, filePath)}\n\n${preview(text)}`,
      );
    }
    return replaceContent(msg, receipt(tool, tokens, text.length, filePath, text));
  }

  return createMiddleware({
    name: "LargeToolResultsMiddleware",
    wrapToolCall: async (request, handler) => {
      const result = await handler(request);
      if (toolProperties(request.tool).boundedOutput) return result;
      const root = runContextOf(request.runtime)?.rootThreadId;
      if (ToolMessage.isInstance(result)) return offload(result, root);
      if (isCommand(result)) {
        const update = result.update as { messages?: unknown[] } | undefined;
        if (!update?.messages?.some((m) => ToolMessage.isInstance(m))) return result;
        const messages = await Promise.all(
          update.messages.map((m) => (ToolMessage.isInstance(m) ? offload(m, root) : m)),
        );
        return new Command({ update: { ...update, messages }, goto: result.goto, graph: result.graph });
      }
      return result;
    },
  });
}

function receipt(tool: string, tokens: number, chars: number, filePath: string, text: string): string {
  return [
    `[Large tool result saved to a file]`,
    `Tool: ${tool}`,
    `Size: ~${tokens} tokens (${chars} characters)`,
    `Full result: ${filePath}`,
    `Read it with read_file (page with offset/limit) or search it with grep; do not call the tool again to see it.`,
    "",
    preview(text),
  ].join("\n");
}

function preview(text: string): string {
  const head = text.split("\n").slice(0, PREVIEW_LINES).join("\n").slice(0, PREVIEW_CHARS);
  return `Preview (beginning):\n${head}\n…`;
}

function toolText(content: ToolMessage["content"]): string {
  if (typeof content === "string") return content;
  return content
    .map((block) => {
      if (typeof block === "string") return block;
      if (block && typeof block === "object" && "text" in block && typeof block.text === "string") return block.text;
      return JSON.stringify(block);
    })
    .join("\n");
}

function replaceContent(msg: ToolMessage, content: string): ToolMessage {
  return new ToolMessage({
    content,
    tool_call_id: msg.tool_call_id,
    name: msg.name,
    id: msg.id,
    status: msg.status,
    artifact: msg.artifact,
    additional_kwargs: msg.additional_kwargs,
    response_metadata: msg.response_metadata,
  });
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 64) || "tool";
}
