import { createMiddleware } from "langchain";
import { ReducedValue, StateSchema } from "@langchain/langgraph";
import { z } from "zod";
import type { WorkspaceBackend } from "@/lib/workspace/backend";
import { presentArtifactsTool } from "@/lib/agent/tools/present-artifacts";
import { artifactSchema, type Artifact } from "@/lib/agent/ui-parts";

/** Newer presentations of a path replace older ones; order is first presentation. */
function mergeArtifacts(current: Artifact[], update: Artifact[]): Artifact[] {
  const byPath = new Map(current.map((a) => [a.path, a]));
  for (const a of update) byPath.set(a.path, a);
  return [...byPath.values()];
}

const artifactsState = new StateSchema({
  artifacts: new ReducedValue(
    z.array(artifactSchema).default(() => []),
    {
      inputSchema: z.array(artifactSchema).optional(),
      reducer: (current: Artifact[], update: Artifact[] | undefined) => mergeArtifacts(current, update ?? []),
    },
  ),
});

/** State `artifacts` and the `present_artifacts` tool (main agent only: subagents never get it). */
export function artifactsMiddleware(backend: WorkspaceBackend) {
  return createMiddleware({
    name: "ArtifactsMiddleware",
    stateSchema: artifactsState,
    tools: [presentArtifactsTool(backend)],
  });
}
