import { describe, expect, it } from "vitest";
import { createMiddleware, type AgentMiddleware } from "langchain";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { z } from "zod";
import { withCombinedHooks } from "./combine-hooks";

type State = { messages: BaseMessage[] } & Record<string, unknown>;
type Hook = (state: State, runtime: unknown) => Promise<Record<string, unknown> | undefined>;

function hookOf(m: AgentMiddleware, kind: "beforeAgent" | "afterModel"): Hook {
  const spec = (m as unknown as Record<string, Hook | { hook: Hook } | undefined>)[kind];
  if (!spec) throw new Error(`no ${kind}`);
  return typeof spec === "function" ? spec : spec.hook;
}

describe("withCombinedHooks", () => {
  const calls: string[] = [];
  const first = createMiddleware({
    name: "First",
    stateSchema: z.object({ seen: z.array(z.string()).default([]) }),
    beforeAgent: () => {
      calls.push("first.beforeAgent");
      return { seen: ["first"] };
    },
    afterModel: {
      canJumpTo: ["model"],
      hook: (state) => {
        calls.push("first.afterModel");
        return state.messages.some((m) => m.text === "retry") ? { jumpTo: "model" as const } : undefined;
      },
    },
    wrapModelCall: (request, handler) => handler(request),
  });
  const second = createMiddleware({
    name: "Second",
    afterModel: (state) => {
      calls.push(`second.afterModel sees ${state.messages.length}`);
      return { messages: [new AIMessage({ id: "fix", content: "retry" })] };
    },
  });
  const third = createMiddleware({
    name: "Third",
    beforeAgent: () => void calls.push("third.beforeAgent"),
    afterModel: {
      canJumpTo: ["end"],
      hook: () => {
        calls.push("third.afterModel");
        return { messages: [new AIMessage({ id: "added", content: "from third" })] };
      },
    },
  });
  const chain = withCombinedHooks([first, second, third] as AgentMiddleware[]);

  it("moves every hook into one middleware placed last and the model-call wrappers into two placed first; state schemas stay", () => {
    expect(chain.map((m) => m.name)).toEqual([
      "ModelCallCommands",
      "ModelCallChain",
      "First",
      "Second",
      "Third",
      "ChainHooks",
    ]);
    for (const m of chain.slice(2, 5)) {
      expect(m.beforeAgent).toBeUndefined();
      expect(m.afterModel).toBeUndefined();
      expect(m.wrapModelCall).toBeUndefined();
    }
    expect(chain[1].wrapModelCall).toBeTypeOf("function");
    expect(chain[2].stateSchema).toBe(first.stateSchema);
    const spec = chain[5].afterModel as { canJumpTo: string[] };
    expect(spec.canJumpTo.sort()).toEqual(["end", "model"]);
  });

  it("runs before hooks in chain order and merges their updates", async () => {
    calls.length = 0;
    const update = await hookOf(chain[5], "beforeAgent")({ messages: [] }, {});
    expect(calls).toEqual(["first.beforeAgent", "third.beforeAgent"]);
    expect(update).toEqual({ seen: ["first"] });
  });

  it("runs after hooks in reverse order, each seeing the last one's messages, and stops at the first jump", async () => {
    calls.length = 0;
    const update = await hookOf(chain[5], "afterModel")({ messages: [new HumanMessage("hi")] }, {});
    expect(calls).toEqual(["third.afterModel", "second.afterModel sees 2", "first.afterModel"]);
    expect(update?.jumpTo).toBe("model");
    expect((update?.messages as BaseMessage[]).map((m) => m.id)).toEqual(["added", "fix"]);
  });

  it("returns nothing when no hook changes anything", async () => {
    const quiet = withCombinedHooks([
      createMiddleware({ name: "A", afterModel: () => undefined }),
      createMiddleware({ name: "B", afterModel: () => undefined }),
    ] as AgentMiddleware[]);
    expect(await hookOf(quiet[2], "afterModel")({ messages: [] }, {})).toBeUndefined();
  });
});
