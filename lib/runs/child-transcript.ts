import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { UIMessage } from "ai";
import type { Actor } from "@/lib/identity/actor";
import { getCheckpointer } from "@/lib/agent/checkpointer";
import { listChatMessages } from "@/lib/db/messages";
import type { ThreadRow } from "@/lib/db/threads";

type Part = UIMessage["parts"][number];

/**
 * A thread's messages for `GET /api/threads/:id`. A chat's are the saved UI messages; a
 * subagent's conversation (a child thread) has none saved, so its transcript is read from its
 * latest checkpoint: the tasks it was given, its tool calls with their results, its answers.
 * Read while the child works, it shows how far it got.
 */
export async function threadMessages(actor: Actor, thread: ThreadRow): Promise<UIMessage[]> {
  if (!thread.parentThreadId) return listChatMessages(actor, thread.id);
  const tuple = await (await getCheckpointer()).getTuple({ configurable: { thread_id: thread.id } });
  const messages = (tuple?.checkpoint.channel_values?.messages ?? []) as BaseMessage[];
  return transcriptOf(messages, thread.id);
}

/** LangChain messages as UI messages: one user message per task, one assistant message per answer (its steps and tools). */
export function transcriptOf(messages: BaseMessage[], threadId: string): UIMessage[] {
  const out: UIMessage[] = [];
  const results = new Map<string, ToolMessage>();
  for (const m of messages) if (ToolMessage.isInstance(m)) results.set(m.tool_call_id, m);
  let assistant: UIMessage | null = null;
  messages.forEach((m, index) => {
    const id = m.id ?? `${threadId}-${index}`;
    if (HumanMessage.isInstance(m)) {
      assistant = null;
      out.push({ id, role: "user", parts: [{ type: "text", text: m.text }] });
      return;
    }
    if (!AIMessage.isInstance(m)) return;
    if (!assistant) {
      assistant = { id, role: "assistant", parts: [] };
      out.push(assistant);
    }
    const parts: Part[] = [{ type: "step-start" }];
    if (m.text.trim()) parts.push({ type: "text", text: m.text, state: "done" });
    for (const call of m.tool_calls ?? []) parts.push(toolPart(call, call.id ? results.get(call.id) : undefined));
    assistant.parts.push(...parts);
  });
  return out;
}

function toolPart(call: { id?: string; name: string; args: unknown }, result: ToolMessage | undefined): Part {
  const base = { type: "dynamic-tool" as const, toolName: call.name, toolCallId: call.id ?? crypto.randomUUID() };
  if (!result) return { ...base, state: "input-available", input: call.args };
  if (result.status === "error") return { ...base, state: "output-error", input: call.args, errorText: result.text };
  return { ...base, state: "output-available", input: call.args, output: result.text };
}
