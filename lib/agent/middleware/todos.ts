import { createMiddleware, TODO_LIST_MIDDLEWARE_SYSTEM_PROMPT } from "langchain";
import { tool } from "@langchain/core/tools";
import { ToolMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import { z } from "zod";
import type { TodoItem } from "@/lib/agent/token-usage-types";

export const MAX_TODOS = 20;

const todoSchema = z.object({
  content: z.string().trim().min(1).max(500).describe("What to do, in a short imperative sentence"),
  status: z.enum(["pending", "in_progress", "completed"]),
});

export const todoStateSchema = z.object({
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
            name: "write_todos",
          }),
        ],
      },
    }),
  {
    name: "write_todos",
    description:
      "Create or replace the plan for the current task as a todo list. Send the whole list each time; " +
      "mark one item in_progress before starting it and completed as soon as it is done. " +
      `Use it for tasks of 3 or more steps; at most ${MAX_TODOS} items.`,
    schema: writeTodosArgs,
  },
);

/** `write_todos` replaces state `todos`; the stream turns each change into a `data-todos` part. */
export function todoMiddleware() {
  return createMiddleware({
    name: "TodoMiddleware",
    stateSchema: todoStateSchema,
    tools: [writeTodosTool],
    wrapModelCall: (request, handler) =>
      handler({
        ...request,
        systemMessage: request.systemMessage.concat(`\n\n${TODO_LIST_MIDDLEWARE_SYSTEM_PROMPT}`),
      }),
  });
}
