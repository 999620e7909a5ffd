import { createFilesystemMiddleware, type FsToolName } from "deepagents";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { openWorkspace } from "@/lib/workspace/open";
import { runContextOf } from "@/lib/agent/run-context";
import { EDIT_FILE, GLOB, GREP, LS, READ_FILE, WRITE_FILE } from "@/lib/agent/tools/names";
import { withToolProperties, type ToolProperties } from "@/lib/agent/tools/tool-properties";

/**
 * The filesystem tools the agent gets, with their properties; `delete` and `execute` are not
 * offered (the agent has no sandbox to run commands in). read_file pages its output itself.
 */
const FILESYSTEM_TOOLS: Partial<Record<FsToolName, ToolProperties>> = {
  [LS]: { readonly: true },
  [READ_FILE]: { readonly: true, boundedOutput: true },
  [WRITE_FILE]: { sideEffect: "file" },
  [EDIT_FILE]: { sideEffect: "file" },
  [GLOB]: { readonly: true },
  [GREP]: { readonly: true },
};

/** Token budget above which one read_file page is cut (with a note to page on). */
const READ_FILE_TOKEN_LIMIT = 3072;

const READ_FILE_DESCRIPTION = [
  "Reads a file from the workspace (absolute path under /home/gem).",
  "",
  "Usage:",
  "- Reads up to 100 lines from `offset` (0-based line index); page through large files with `offset`/`limit`.",
  "- A status header `@@ lines a-b of n | next offset k @@` sits above the content.",
  "- Every line is prefixed with its line number and a tab (like `cat -n`). The prefix is NOT part of the file: never include it in edit_file strings.",
  "- Images (.png, .jpg, .gif, .webp) are returned as image content. Other binary files cannot be read as text.",
  "- Large tool results saved under outputs/large_tool_results/ are read here, page by page.",
  "- Always read a file before editing it.",
].join("\n");

// deepagents' own text points at its `/large_tool_results/`, which is not where ours go.
const GREP_DESCRIPTION = [
  "Search for a LITERAL text pattern across files (NOT regex).",
  "",
  "The pattern is matched verbatim: regex metacharacters are ordinary characters, not operators. To match any of several strings, run a separate grep for each.",
  "",
  "Returns matching files or content per `output_mode`. Large tool results are saved under this conversation's outputs/large_tool_results/; grep that folder to search them when you do not know the exact path.",
].join("\n");

/**
 * Slot 1 (docs/ARCHITECTURE.md, "Workspace and files"): deepagents' filesystem tools over the
 * user's workspace backend. Every path goes through the backend's guard (virtual path parsing,
 * symlink-safe confinement, read-only /home/gem/skills), so refusals come back as readable tool
 * errors.
 */
export function filesystemMiddleware(
  backend: WorkspaceBackend | ((runtime: { context?: unknown }) => WorkspaceBackend),
) {
  const middleware = createFilesystemMiddleware({
    backend,
    // Off: deepagents would save a long user message to `/conversation_history/`, outside the
    // workspace (the write always failed); long conversations are the summarization's job.
    humanMessageTokenLimitBeforeEvict: 0,
    tools: Object.keys(FILESYSTEM_TOOLS) as FsToolName[],
    // The prompt's own "Files" section describes the workspace layout.
    systemPrompt: null,
    customToolDescriptions: { [READ_FILE]: READ_FILE_DESCRIPTION, [GREP]: GREP_DESCRIPTION },
    // Sets read_file's page cut. It also turns on deepagents' eviction of large results (its
    // only wrapToolCall), which writes to `/large_tool_results/` outside the workspace, so that
    // hook is dropped: `largeToolResultsMiddleware` is the one offloader (into the conversation's workdir).
    toolTokenLimitBeforeEvict: READ_FILE_TOKEN_LIMIT,
  });
  for (const tool of middleware.tools ?? []) {
    withToolProperties(tool, { ...FILESYSTEM_TOOLS[tool.name as FsToolName], middlewareOwned: true });
  }
  // Its beforeAgent only moves long user messages to files, which is off above: no graph step for it.
  return { ...middleware, wrapToolCall: undefined, beforeAgent: undefined };
}

// One workspace per run (keyed by the run's context object), so the skills view's cache holds for the run.
const runWorkspaces = new WeakMap<object, WorkspaceBackend>();

/** The acting user's workspace, from the run's context: the server sets it from the signed-in actor. */
function runWorkspace(runtime: { context?: unknown }): WorkspaceBackend {
  const run = runContextOf(runtime);
  if (!run) throw new Error("The workspace tools need the run's context (the acting user).");
  let workspace = runWorkspaces.get(run);
  if (!workspace) {
    workspace = openWorkspace(run.userId);
    runWorkspaces.set(run, workspace);
  }
  return workspace;
}

let shared: ReturnType<typeof filesystemMiddleware> | undefined;

/**
 * The filesystem slot every run shares: built once per process, so its tools (and their
 * schemas, converted and counted once) are the same objects in every run; each call resolves
 * the run's own workspace.
 */
export function runFilesystemMiddleware() {
  return (shared ??= filesystemMiddleware(runWorkspace));
}
