import { tool } from "@langchain/core/tools";
import { z } from "zod";
import type { AgentRuntimeContext } from "@/lib/agent/runtime/context-types";
import { runContextOf } from "@/lib/agent/run-context";
import { emitPart, subagentPartId, type SubagentData } from "@/lib/agent/ui-parts";
import { toolMetadata } from "@/lib/agent/tools/tool-properties";
import { runSubagent, type BuildChildAgent } from "./run-subagent";

const TASK_TOOL = "task";
const MAX_DESCRIPTION_CHARS = 20_000;

/**
 * `task(description, subagent_slug, thread_id?)`
 * (docs/ARCHITECTURE.md, "Subagents and coordinator"): hands a self-contained task to one of the
 * subagents the run can see and returns its answer, starting with the child thread id (pass it
 * back as `thread_id` to continue that conversation). Several calls in one message run at the same
 * time. The child's progress streams as a `data-subagent` part; its tokens never reach the answer.
 */
export function taskTool(ctx: AgentRuntimeContext, build: BuildChildAgent) {
  const slugs = ctx.visibleSubagents.map((s) => s.slug);
  const list = ctx.visibleSubagents.map((s) => `- ${s.slug}: ${s.name}${s.description ? ` — ${s.description}` : ""}`);
  return tool(
    async ({ description, subagent_slug, thread_id }, config) => {
      const parent = runContextOf(config);
      if (!parent) return "Error: task can only run inside a conversation.";
      const writer = (config as { writer?: (chunk: unknown) => void }).writer;
      const id = subagentPartId(config.toolCall?.id ?? crypto.randomUUID());
      const started = Date.now();
      let base: SubagentData = { status: "started", subagent: subagent_slug, description: description.slice(0, 300) };
      const emit = (data: SubagentData) => emitPart(writer, "subagent", data, { id });
      const result = await runSubagent(
        {
          actor: ctx.actor,
          parent,
          parentModelSpec: ctx.modelSpec,
          slug: subagent_slug,
          description,
          threadId: thread_id,
          signal: config.signal,
          onStart: (child) => {
            base = { ...base, subagent: child.name, threadId: child.threadId, runId: child.runId };
            emit(base);
          },
          onProgress: (progress) => emit({ ...base, status: "progress", ...progress }),
        },
        build,
      );
      const durationMs = Date.now() - started;
      if (!result.ok) {
        emit({ ...base, status: "failed", message: result.error.slice(0, 300), durationMs, tokens: result.tokens });
        return `Error: ${result.error}${result.threadId ? `\nthread_id: ${result.threadId}` : ""}`;
      }
      emit({ ...base, status: "completed", durationMs, tokens: result.tokens });
      return `thread_id: ${result.threadId}\n\n${result.text}`;
    },
    {
      name: TASK_TOOL,
      description:
        "Delegate a self-contained task to a subagent, which works on it with its own tools in this conversation's " +
        "workdir and returns its answer. Give it everything it needs in `description`: it does not see this " +
        "conversation. The answer starts with `thread_id: …`; pass that as `thread_id` to follow up in the same " +
        "subagent conversation. Independent tasks can be delegated in parallel (several calls in one message).\n" +
        `Subagents:\n${list.join("\n")}`,
      schema: taskSchema(slugs),
      // Delegating changes only this conversation (a child thread); the child's own tools go through its approvals.
      metadata: toolMetadata({ sideEffect: "conversation", mainAgentOnly: true, middlewareOwned: true }),
    },
  );
}

/**
 * The arguments' schema, one object per list of subagents: the model client and the token count
 * convert a schema to JSON once per schema object, and this one is asked for on every run.
 */
const schemas = new Map<string, ReturnType<typeof buildTaskSchema>>();
const MAX_SCHEMAS = 200;

function taskSchema(slugs: string[]) {
  const key = slugs.join("\u0000");
  let schema = schemas.get(key);
  if (!schema) {
    if (schemas.size >= MAX_SCHEMAS) schemas.delete(schemas.keys().next().value!);
    schemas.set(key, (schema = buildTaskSchema(slugs)));
  }
  return schema;
}

function buildTaskSchema(slugs: string[]) {
  return z.object({
    description: z.string().min(1).max(MAX_DESCRIPTION_CHARS).describe("The task, with all the context it needs"),
    subagent_slug: z.enum(slugs as [string, ...string[]]).describe("Which subagent does it"),
    thread_id: z.string().max(100).optional().describe("Continue an earlier subagent conversation"),
  });
}
