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

export function patchToolCallsMiddleware() {
  return createMiddleware({
    name: "PatchToolCallsMiddleware",
    beforeAgent: (state) => {
      const { messages, patched } = patchDanglingToolCalls(state.messages);
      if (!patched) return;
      return { messages: [new RemoveMessage({ id: REMOVE_ALL_MESSAGES }), ...messages] };
    },
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
        const result = repairInvalidToolCalls(last);
        if (!result) return;
        const update = { messages: [result.message, ...result.errors] };
        // Only invalid calls and none repaired: let the model try again with the errors in view.
        const nothingToRun = (result.message.tool_calls ?? []).length === 0;
        return nothingToRun ? { ...update, jumpTo: "model" as const } : update;
      },
    },
  });
}
