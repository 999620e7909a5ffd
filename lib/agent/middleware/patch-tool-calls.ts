import { createMiddleware } from "langchain";
import { AIMessage, RemoveMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { REMOVE_ALL_MESSAGES } from "@langchain/langgraph";
import { repairToolArguments } from "@/lib/agent/repair-json";

export const CANCELLED_TOOL_RESULT =
  "Cancelled: this tool call was interrupted before it returned (the run was stopped or failed). Run it again if it is still needed.";

/** Gives every tool call without a result a synthetic "cancelled" result, right after its AI message. */
export function patchDanglingToolCalls(messages: BaseMessage[]): { messages: BaseMessage[]; patched: boolean } {
  const answered = new Set(
    messages.filter((m) => ToolMessage.isInstance(m)).map((m) => (m as ToolMessage).tool_call_id),
  );
  let patched = false;
  const out: BaseMessage[] = [];
  for (const m of messages) {
    out.push(m);
    if (!AIMessage.isInstance(m)) continue;
    const calls = [...(m.tool_calls ?? []), ...(m.invalid_tool_calls ?? [])];
    for (const call of calls) {
      if (!call.id || answered.has(call.id)) continue;
      patched = true;
      answered.add(call.id);
      out.push(
        new ToolMessage({
          content: CANCELLED_TOOL_RESULT,
          tool_call_id: call.id,
          name: call.name ?? "unknown",
          status: "error",
        }),
      );
    }
  }
  return { messages: out, patched };
}

/**
 * Repairs malformed tool-call JSON from the provider, or answers it with a readable tool
 * error so the model can call again; never leaves an invalid call without a result.
 */
export function repairInvalidToolCalls(message: AIMessage): { message: AIMessage; errors: ToolMessage[] } | null {
  const invalid = message.invalid_tool_calls ?? [];
  if (invalid.length === 0) return null;
  const toolCalls = [...(message.tool_calls ?? [])];
  const stillInvalid: typeof invalid = [];
  const errors: ToolMessage[] = [];
  for (const call of invalid) {
    const repaired = call.name ? repairToolArguments(call.args ?? "") : null;
    if (repaired && call.name && call.id) {
      toolCalls.push({ id: call.id, name: call.name, args: repaired, type: "tool_call" });
    } else {
      stillInvalid.push(call);
      errors.push(
        new ToolMessage({
          content: `Error: the arguments of tool "${call.name ?? "unknown"}" were not valid JSON (${call.error ?? "parse error"}). Call the tool again with a valid JSON object.`,
          tool_call_id: call.id ?? "",
          name: call.name ?? "unknown",
          status: "error",
        }),
      );
    }
  }
  const fixed = new AIMessage({
    ...message,
    id: message.id,
    content: message.content,
    tool_calls: toolCalls,
    invalid_tool_calls: stillInvalid,
    usage_metadata: message.usage_metadata,
    response_metadata: message.response_metadata,
  });
  return { message: fixed, errors };
}

/**
 * Every model request sees the history patched (wrapModelCall). The run's first model answer
 * also writes the patch into the state, so the saved history has it too: in the after-model
 * node that runs anyway, not in a before-agent node of its own (a graph step on every run,
 * for a patch that almost never applies).
 */
export function patchToolCallsMiddleware() {
  // The agent is built per run: the saved history needs checking once, at the run's first answer.
  let historyChecked = false;
  /**
   * The history before the model's new answer, patched, as an update that replaces it; null when
   * whole. Only from the last summary's cutoff on: the model never sees the messages before it,
   * and a result inserted there would shift the cutoff (an index) off the message it names.
   */
  const patchedHistory = (messages: BaseMessage[], from: number) => {
    if (historyChecked) return null;
    historyChecked = true;
    const { messages: patched, patched: changed } = patchDanglingToolCalls(messages.slice(from, -1));
    return changed ? [new RemoveMessage({ id: REMOVE_ALL_MESSAGES }), ...messages.slice(0, from), ...patched] : null;
  };
  return createMiddleware({
    name: "PatchToolCallsMiddleware",
    // The request view is patched too: an approval rejected on resume can leave a call unanswered.
    wrapModelCall: (request, handler) => {
      const { messages, patched } = patchDanglingToolCalls(request.messages);
      return handler(patched ? { ...request, messages } : request);
    },
    afterModel: {
      canJumpTo: ["model"],
      hook: (state) => {
        const last = state.messages.at(-1);
        if (!last || !AIMessage.isInstance(last)) return;
        const event = (state as { _summarizationEvent?: { cutoffIndex: number } })._summarizationEvent;
        const history = patchedHistory(state.messages, Math.min(event?.cutoffIndex ?? 0, state.messages.length - 1));
        const result = repairInvalidToolCalls(last);
        if (!result) return history ? { messages: [...history, last] } : undefined;
        const update = { messages: [...(history ?? []), result.message, ...result.errors] };
        // Only invalid calls and none repaired: let the model try again with the errors in view.
        const nothingToRun = (result.message.tool_calls ?? []).length === 0;
        return nothingToRun ? { ...update, jumpTo: "model" as const } : update;
      },
    },
  });
}
