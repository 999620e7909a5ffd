import { createMiddleware } from "langchain";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { interrupt } from "@langchain/langgraph";
import { z } from "zod";
import type { AgentConfig } from "@/lib/agent/config/config-schema";
import {
  approvalResumeSchema,
  DECISION_TYPES,
  type ApprovalAction,
  type ApprovalRequest,
} from "@/lib/agent/interrupt-payloads";
import { askUserQuestionArgsError, askUserQuestionTool } from "@/lib/agent/tools/ask-user-question";
import { toolProperties, type ToolProperties } from "@/lib/agent/tools/tool-properties";
import { parseVirtualPath } from "@/lib/workspace/virtual-path";

export type ApprovalMode = AgentConfig["tool_approval_mode"];

/** Tools this middleware registers (a run's own tools may not take their names). */
export const HUMAN_IN_THE_LOOP_TOOLS = [askUserQuestionTool] as const;

type ToolInfo = {
  properties: ToolProperties;
  /** The arguments' JSON schema for the approval form: converted only when a call is reviewed. */
  argsSchema: () => Record<string, unknown> | undefined;
};
type ToolCallToReview = { name: string; args?: Record<string, unknown> };

/**
 * Permission modes (`tool_approval_mode`; docs/ARCHITECTURE.md, "Approvals"), by the tool's
 * properties. Read-only tools (`readonly`, MCP `readOnlyHint`) and tools that act on the
 * conversation only (planning, asking) never ask.
 * `default` asks before every other call: whatever is not known to only read may change something.
 * `auto` also lets file tools (`sideEffect: "file"`) run inside this conversation's workdir
 * (`workdir`), whose files are the conversation's own scratch and outputs; everything else asks.
 * `trust` (admins only) never asks. An agent someone else wrote (`foreignAgent`: its instructions
 * are theirs) asks before every call that may send data off the machine, in every mode: each
 * MCP tool whatever its annotations say, and each tool that is not known to stay inside Meridian.
 */
export function needsApproval(
  mode: ApprovalMode,
  call: ToolCallToReview,
  properties: ToolProperties | undefined,
  workdir?: string,
  foreignAgent = false,
): boolean {
  if (foreignAgent && mayLeaveTheMachine(properties)) return true;
  if (mode === "trust" || properties?.readonly || properties?.sideEffect === "conversation") return false;
  if (mode === "auto" && workdir && properties?.sideEffect === "file") return !isInside(workdir, call.args?.file_path);
  return true;
}

function mayLeaveTheMachine(properties: ToolProperties | undefined): boolean {
  if (properties?.remote) return true;
  return !properties?.readonly && properties?.sideEffect !== "conversation" && properties?.sideEffect !== "file";
}

/** Whether `filePath` names something under `dir`, by the workspace's own path rules (`..` is refused there). */
function isInside(dir: string, filePath: unknown): boolean {
  try {
    return typeof filePath === "string" && parseVirtualPath(filePath).virtual.startsWith(`${dir}/`);
  } catch {
    return false;
  }
}

function jsonSchemaOf(tool: unknown): Record<string, unknown> | undefined {
  const schema = (tool as { schema?: unknown } | undefined)?.schema;
  if (!schema) return undefined;
  try {
    return toJsonSchema(schema as Parameters<typeof toJsonSchema>[0]) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function toolInfo(tool: unknown): ToolInfo {
  return { properties: toolProperties(tool), argsSchema: () => jsonSchemaOf(tool) };
}

const withArgsSchema = (argsSchema: Record<string, unknown> | undefined) => (argsSchema ? { argsSchema } : {});

function rejectionText(name: string, reason?: string): string {
  const why = reason?.trim() ? ` Their reason: "${reason.trim()}".` : "";
  return `The user rejected this ${name} call, so it did not run.${why} Do not repeat it unchanged; adjust your approach or ask the user.`;
}

const NOT_APPROVED_TEXT = (name: string) =>
  `Error: ${name} needs the user's approval and this call was not reviewed, so it did not run. Call it again to ask for approval.`;

const hitlStateSchema = z.object({
  /** Tool calls the user approved (or edited) in the latest review; only these gated calls may run. */
  approvedToolCallIds: z.array(z.string()).default([]),
});

/**
 * Human in the loop (slot 11, the last of the chain). Approvals: after a model call, tool calls the permission
 * mode gates are shown to the user in one interrupt (approve / edit args / reject with a reason
 * the model reads). Questions: registers the ask-the-user tool, which interrupts with a form.
 * Resume values are built by the server after checking them against the stored interrupt.
 */
export function toolApprovalMiddleware({
  mode,
  tools: registered,
  workdir,
  foreignAgent = false,
}: {
  mode: ApprovalMode;
  /** The agent was written by someone else than the user (see needsApproval). */
  foreignAgent?: boolean;
  /** Every tool registered with the agent. */
  tools: readonly unknown[];
  /** The conversation's workdir (virtual path), where `auto` lets files be written. */
  workdir?: string;
}) {
  // Known when the agent is built, so a resumed run (no model call yet) reviews the same calls.
  const tools = new Map<string, ToolInfo>();
  for (const tool of [...registered, ...HUMAN_IN_THE_LOOP_TOOLS]) {
    const name = (tool as { name?: unknown }).name;
    if (typeof name === "string") tools.set(name, toolInfo(tool));
  }

  return createMiddleware({
    name: "HumanInTheLoopMiddleware",
    stateSchema: hitlStateSchema,
    tools: [...HUMAN_IN_THE_LOOP_TOOLS],
    afterModel: {
      canJumpTo: ["model"],
      hook: (state) => {
        const last = state.messages.at(-1);
        if (!last || !AIMessage.isInstance(last) || !last.tool_calls?.length) return;
        // A name no tool has cannot run (the tool node says so): nothing to review.
        const gated = last.tool_calls.filter(
          (call) =>
            tools.has(call.name) && needsApproval(mode, call, tools.get(call.name)?.properties, workdir, foreignAgent),
        );
        if (gated.length === 0) return;

        const actions: ApprovalAction[] = gated.map((call) => ({
          toolCallId: call.id ?? "",
          name: call.name,
          args: call.args,
          allowedDecisions: [...DECISION_TYPES],
          ...withArgsSchema(tools.get(call.name)?.argsSchema()),
        }));
        const request: ApprovalRequest = { kind: "approval", actions };
        const { decisions } = approvalResumeSchema.parse(interrupt(request));

        // The reviewed set is what the user decided on; a gated call without a decision never runs.
        const decided = new Map(decisions.map((d) => [d.toolCallId, d]));
        const toolCalls = last.tool_calls.map((call) => {
          const d = decided.get(call.id ?? "");
          return d?.type === "edit" ? { ...call, args: d.args } : call;
        });
        const rejections = decisions.flatMap((d) => {
          if (d.type !== "reject") return [];
          const call = last.tool_calls!.find((c) => c.id === d.toolCallId);
          if (!call) return [];
          return [
            new ToolMessage({
              content: rejectionText(call.name, d.message),
              tool_call_id: d.toolCallId,
              name: call.name,
              status: "error",
            }),
          ];
        });
        const rejected = new Set(rejections.map((m) => m.tool_call_id));
        const updated = new AIMessage({
          id: last.id,
          content: last.content,
          name: last.name,
          additional_kwargs: last.additional_kwargs,
          response_metadata: last.response_metadata,
          usage_metadata: last.usage_metadata,
          tool_calls: toolCalls,
          invalid_tool_calls: last.invalid_tool_calls,
        });
        const approvedToolCallIds = decisions.filter((d) => d.type !== "reject").map((d) => d.toolCallId);
        // With nothing left to run the model reads the rejections at once.
        const nothingToRun = toolCalls.every((call) => rejected.has(call.id ?? ""));
        return {
          messages: [updated, ...rejections],
          approvedToolCallIds,
          ...(nothingToRun ? { jumpTo: "model" as const } : {}),
        };
      },
    },
    wrapToolCall: (request, handler) => {
      const { toolCall } = request;
      const fail = (content: string) =>
        new ToolMessage({ content, tool_call_id: toolCall.id ?? "", name: toolCall.name, status: "error" });
      if (toolCall.name === askUserQuestionTool.name) {
        const error = askUserQuestionArgsError(toolCall.args);
        if (error) return fail(error);
      }
      // A call that reached the tools without review (e.g. repaired after the review ran) is refused.
      const approved = (request.state as { approvedToolCallIds?: string[] }).approvedToolCallIds ?? [];
      const info = request.tool ? toolInfo(request.tool) : tools.get(toolCall.name);
      if (
        info &&
        needsApproval(mode, toolCall, info.properties, workdir, foreignAgent) &&
        !approved.includes(toolCall.id ?? "")
      ) {
        return fail(NOT_APPROVED_TEXT(toolCall.name));
      }
      return handler(request);
    },
  });
}
