import { getToolName, isToolUIPart, type DynamicToolUIPart, type ToolUIPart, type UIMessage } from "ai";
import type { TodoItem } from "@/lib/agent/ui-parts";

export type AnyToolPart = ToolUIPart | DynamicToolUIPart;
export type ToolState = AnyToolPart["state"];

export function asToolPart(part: UIMessage["parts"][number]): AnyToolPart | null {
  return isToolUIPart(part) ? part : null;
}

export { getToolName };

/** The argument worth showing next to a tool's name (a path, a query, a description). */
export function toolPreview(input: unknown): string | null {
  if (!input || typeof input !== "object") return null;
  const record = input as Record<string, unknown>;
  for (const key of ["file_path", "path", "pattern", "query", "query_text", "description", "url", "name", "command"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

/** Todos of a `write_todos` call, when its input has streamed far enough to read them. */
export function todosFromInput(input: unknown): TodoItem[] {
  const todos = (input as { todos?: unknown } | undefined)?.todos;
  if (!Array.isArray(todos)) return [];
  return todos.filter(
    (todo): todo is TodoItem => !!todo && typeof todo === "object" && typeof (todo as TodoItem).content === "string",
  );
}

const MAX_SHOWN_CHARS = 20_000;

/** Pretty JSON (or the string itself), cut at a size a card can show. */
export function formatPayload(value: unknown): { text: string; truncated: boolean } {
  let text: string;
  if (typeof value === "string") text = value;
  else {
    try {
      text = JSON.stringify(value, null, 2) ?? "";
    } catch {
      text = String(value);
    }
  }
  return text.length > MAX_SHOWN_CHARS
    ? { text: text.slice(0, MAX_SHOWN_CHARS), truncated: true }
    : { text, truncated: false };
}
