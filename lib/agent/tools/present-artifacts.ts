import { tool } from "@langchain/core/tools";
import { ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import { runContextOf } from "@/lib/agent/run-context";
import { describeFsError, type WorkspaceBackend } from "@/lib/workspace/backend";
import { mediaTypeByName } from "@/lib/workspace/media-type";
import { workdirOf } from "@/lib/workspace/paths";
import { parseVirtualPath } from "@/lib/workspace/virtual-path";
import { emitPart, type Artifact } from "@/lib/agent/ui-parts";
import { PRESENT_ARTIFACTS } from "./names";
import { toolMetadata } from "./tool-properties";

const MAX_ARTIFACTS_PER_CALL = 20;

const args = z.object({
  filepaths: z
    .array(z.string())
    .min(1)
    .max(MAX_ARTIFACTS_PER_CALL)
    .describe("Absolute paths of files you created or changed for the user, under /home/gem/user-data"),
});

/**
 * `present_artifacts`: shows finished files to the user as cards (open, download). Only regular
 * files in the user's own workspace qualify; each path is re-checked at call time. State
 * `artifacts` accumulates per thread; the stream carries a `data-artifacts` part per call.
 */
export function presentArtifactsTool(backend: WorkspaceBackend) {
  return tool(
    async ({ filepaths }, config) => {
      const root = runContextOf(config)?.rootThreadId;
      const workdir = root ? workdirOf(root) : null;
      const found: Artifact[] = [];
      const problems: string[] = [];
      for (const raw of new Set(filepaths)) {
        try {
          const p = parseVirtualPath(raw);
          if (p.mount !== "user-data") {
            problems.push(`${raw}: only files in /home/gem/user-data can be presented`);
            continue;
          }
          const entry = await backend.stat(p.virtual);
          if (!entry) problems.push(`${raw}: no such file`);
          else if (entry.kind !== "file") problems.push(`${raw}: is a directory, present the files inside it`);
          else {
            const inWorkdir = workdir !== null && entry.virtual.startsWith(`${workdir}/`);
            found.push({
              path: entry.virtual,
              name: entry.name,
              size: entry.size,
              mediaType: mediaTypeByName(entry.name) ?? "application/octet-stream",
              scope: inWorkdir ? "workdir" : "workspace",
            });
          }
        } catch (err) {
          problems.push(`${raw}: ${describeFsError(err, raw)}`);
        }
      }
      const toolCallId = config.toolCall?.id ?? "";
      const summary = [
        found.length
          ? `Presented ${found.length} file(s) to the user: ${found.map((a) => a.path).join(", ")}.`
          : "No file was presented.",
        ...(problems.length ? [`Not presented:\n- ${problems.join("\n- ")}`] : []),
      ].join("\n");
      if (found.length)
        emitPart(
          (config as { writer?: (chunk: unknown) => void }).writer,
          "artifacts",
          { artifacts: found },
          { id: `artifacts-${toolCallId}` },
        );
      return new Command({
        update: {
          ...(found.length ? { artifacts: found } : {}),
          messages: [
            new ToolMessage({
              content: summary,
              tool_call_id: toolCallId,
              name: PRESENT_ARTIFACTS,
              status: found.length ? "success" : "error",
            }),
          ],
        },
      });
    },
    {
      name: PRESENT_ARTIFACTS,
      description:
        "Show finished files to the user as cards they can open and download. Call it once at the end with the " +
        "deliverables (reports, documents, images, data files) you wrote; do not present scratch or intermediate files.",
      schema: args,
      // Shows files already written (changes none) to the user: the main agent's alone.
      metadata: toolMetadata({ readonly: true, mainAgentOnly: true, middlewareOwned: true }),
    },
  );
}
