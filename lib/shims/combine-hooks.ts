import { createMiddleware, type AgentMiddleware } from "langchain";
import type { BaseMessage } from "@langchain/core/messages";
import { messagesStateReducer } from "@langchain/langgraph";
import { getInteropZodObjectShape, isInteropZodObject, type InteropZodObject } from "@langchain/core/utils/types";
import { z } from "zod";
import { composedModelCalls } from "./compose-model-calls";

type State = Record<string, unknown> & { messages: BaseMessage[] };
type HookResult = (Record<string, unknown> & { jumpTo?: string }) | undefined | void;
type HookFn = (state: State, runtime: unknown) => HookResult | Promise<HookResult>;
type HookSpec = HookFn | { hook: HookFn; canJumpTo?: string[] };
type Step = { name: string; hook: HookFn; canJumpTo: string[] };

type Kind = "beforeAgent" | "beforeModel" | "afterModel" | "afterAgent";

function stepOf(middleware: AgentMiddleware, kind: Kind): Step | null {
  const spec = (middleware as unknown as Record<Kind, HookSpec | undefined>)[kind];
  if (!spec) return null;
  return typeof spec === "function"
    ? { name: middleware.name, hook: spec, canJumpTo: [] }
    : { name: middleware.name, hook: spec.hook, canJumpTo: spec.canJumpTo ?? [] };
}

/**
 * Runs several middleware's hooks of one kind as one node, in the order LangGraph would run
 * their nodes: each hook sees the state the previous ones left (messages through the messages
 * reducer, other keys replaced), and the first jump ends the sequence as the graph's edge would.
 * The returned update is the sum of the hooks' updates (messages appended in order).
 */
function sequence(steps: Step[]) {
  if (steps.length === 0) return undefined;
  return {
    canJumpTo: [...new Set(steps.flatMap((s) => s.canJumpTo))] as ("model" | "tools" | "end")[],
    hook: async (state: State, runtime: unknown) => {
      let current = state;
      let update: Record<string, unknown> | undefined;
      for (const step of steps) {
        const result = await step.hook(current, runtime);
        if (!result) continue;
        const { jumpTo, ...changes } = result;
        const messages = (changes.messages as BaseMessage[] | undefined) ?? [];
        update = {
          ...update,
          ...changes,
          ...(update?.messages || changes.messages
            ? { messages: [...((update?.messages as BaseMessage[] | undefined) ?? []), ...messages] }
            : {}),
        };
        current = {
          ...current,
          ...changes,
          messages: messages.length ? messagesStateReducer(current.messages, messages) : current.messages,
        };
        if (jumpTo) return { ...update, jumpTo };
      }
      return update;
    },
  };
}

function mergedShape(schemas: unknown[]) {
  const shape: Record<string, unknown> = {};
  for (const schema of schemas) {
    if (!schema || !isInteropZodObject(schema)) continue;
    for (const [key, field] of Object.entries(getInteropZodObjectShape(schema as InteropZodObject))) {
      shape[key] ??= field;
    }
  }
  return z.object(shape as z.ZodRawShape);
}

/**
 * Each hook of each middleware is its own graph node, and every node costs a superstep (about
 * 2 ms of LangGraph bookkeeping, a `values` event and, with durable checkpoints, a write). This
 * keeps every middleware as written but runs all hooks of one kind as a single node: the hooks
 * are moved into one `ChainHooks` middleware placed last (after* hooks still run in reverse chain
 * order, before* in chain order). The model-call wrappers move, in chain order, into the two
 * middleware placed first (compose-model-calls.ts); tool wrappers and tools stay where they were.
 */
export function withCombinedHooks(chain: readonly AgentMiddleware[]): AgentMiddleware[] {
  const steps = (kind: Kind) => {
    const list = chain.map((m) => stepOf(m, kind)).filter((s): s is Step => s !== null);
    return kind.startsWith("after") ? list.reverse() : list;
  };
  const combined = createMiddleware({
    name: "ChainHooks",
    stateSchema: mergedShape(chain.map((m) => m.stateSchema)),
    // Only when a hook's middleware declares one: hooks see the context its schema lets through.
    ...(chain.some((m) => m.contextSchema) ? { contextSchema: mergedShape(chain.map((m) => m.contextSchema)) } : {}),
    beforeAgent: sequence(steps("beforeAgent")),
    beforeModel: sequence(steps("beforeModel")),
    afterModel: sequence(steps("afterModel")),
    afterAgent: sequence(steps("afterAgent")),
  } as Parameters<typeof createMiddleware>[0]);
  const stripped = chain.map(
    (m) =>
      ({
        ...m,
        beforeAgent: undefined,
        beforeModel: undefined,
        afterModel: undefined,
        afterAgent: undefined,
        wrapModelCall: undefined,
      }) as AgentMiddleware,
  );
  return [...composedModelCalls(chain), ...stripped, combined as AgentMiddleware];
}
