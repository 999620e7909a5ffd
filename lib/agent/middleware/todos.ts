import { createMiddleware, TODO_LIST_MIDDLEWARE_SYSTEM_PROMPT } from "langchain";
import { tool } from "@langchain/core/tools";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import type { TodoItem } from "@/lib/agent/ui-parts";
import { WRITE_TODOS } from "@/lib/agent/tools/names";
import { toolMetadata } from "@/lib/agent/tools/tool-properties";

/** What the todo list adds to the system prompt of every model call (summarization counts it in). */
export const TODO_PROMPT_SUFFIX = `\n\n${TODO_LIST_MIDDLEWARE_SYSTEM_PROMPT}`;

export const MAX_TODOS = 20;

const todoSchema = z.object({
  content: z.string().trim().min(1).max(500).describe("What to do, in a short imperative sentence"),
  status: z.enum(["pending", "in_progress", "completed"]),
});

const todoStateSchema = z.object({
  todos: z.array(todoSchema).default([]),
});

const writeTodosArgs = z.object({
  todos: z.array(todoSchema).max(MAX_TODOS).describe(`The whole updated list (at most ${MAX_TODOS} items)`),
});

export const writeTodosTool = tool(
  ({ todos }: { todos: TodoItem[] }, config) =>
    new Command({
      update: {
        todos,
        messages: [
          new ToolMessage({
            content: `Todo list updated (${todos.filter((t) => t.status === "completed").length}/${todos.length} completed).`,
            tool_call_id: config.toolCall?.id ?? "",
            name: WRITE_TODOS,
          }),
        ],
      },
    }),
  {
    name: WRITE_TODOS,
    description:
      "Create or replace the plan for the current task as a todo list. Send the whole list each time; " +
      "mark one item in_progress before starting it and completed as soon as it is done. " +
      `Use it for tasks of 3 or more steps; at most ${MAX_TODOS} items.`,
    schema: writeTodosArgs,
    metadata: toolMetadata({ sideEffect: "conversation", middlewareOwned: true }),
  },
);

export const PARALLEL_WRITE_TODOS_TEXT = `Error: ${WRITE_TODOS} was called more than once in one step, so none of these calls ran. Send the whole list in a single ${WRITE_TODOS} call.`;

/**
 * `write_todos` replaces state `todos`; the stream turns each change into a `data-todos` part.
 * Ported from langchain's `todoListMiddleware`: parallel calls would each write the `todos`
 * channel in one step (LangGraph's InvalidUpdateError), so each gets a tool error instead.
 */
export function todoMiddleware() {
  return createMiddleware({
    name: "TodoMiddleware",
    stateSchema: todoStateSchema,
    tools: [writeTodosTool],
    wrapModelCall: (request, handler) =>
      handler({
        ...request,
        systemMessage: request.systemMessage.concat(TODO_PROMPT_SUFFIX),
      }),
    afterModel: {
      canJumpTo: ["model"],
      hook: (state) => {
        const last = state.messages.findLast((m) => AIMessage.isInstance(m));
        const calls = last && AIMessage.isInstance(last) ? (last.tool_calls ?? []) : [];
        const parallel = calls.filter((call) => call.name === writeTodosTool.name);
        if (parallel.length < 2) return;
        const answered = new Set(
          state.messages.filter((m) => ToolMessage.isInstance(m)).map((m) => (m as ToolMessage).tool_call_id),
        );
        const errors = parallel
          .filter((call) => !answered.has(call.id ?? ""))
          .map(
            (call) =>
              new ToolMessage({
                content: PARALLEL_WRITE_TODOS_TEXT,
                tool_call_id: call.id ?? "",
                name: call.name,
                status: "error",
              }),
          );
        if (errors.length === 0) return;
        // The calls stay in the AI message, answered; with nothing else to run the model reads the errors at once
        // (without the jump the agent would end on the tool messages).
        const refused = new Set(errors.map((m) => m.tool_call_id));
        const nothingToRun = calls.every((call) => answered.has(call.id ?? "") || refused.has(call.id ?? ""));
        return { messages: errors, ...(nothingToRun ? { jumpTo: "model" as const } : {}) };
      },
    },
  });
}
