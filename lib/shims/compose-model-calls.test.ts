import { describe, expect, it } from "vitest";
import { createMiddleware, type AgentMiddleware } from "langchain";
import { AIMessage, SystemMessage } from "@langchain/core/messages";
import { Command, isCommand } from "@langchain/langgraph";
import { composedModelCalls, mergedCommand } from "./compose-model-calls";

type Request = { systemPrompt: string; systemMessage: SystemMessage; state: Record<string, unknown> } & Record<
  string,
  unknown
>;
type Wrap = (request: Request, handler: (r: Request) => Promise<unknown>) => Promise<unknown>;
const wrapOf = (m: AgentMiddleware) => (m as unknown as { wrapModelCall: Wrap }).wrapModelCall;

function request(): Request {
  const systemMessage = new SystemMessage("base");
  return { systemPrompt: systemMessage.text, systemMessage, state: { messages: [] }, messages: [] };
}

/** LangChain's two layers: the collector outside, the composed chain inside it, then the model. */
async function call(chain: AgentMiddleware[], model: (r: Request) => Promise<unknown>) {
  const [collector, composed] = composedModelCalls(chain);
  const seen: Request[] = [];
  const answer = await wrapOf(collector)(request(), (r) =>
    wrapOf(composed)(r, async (inner) => {
      seen.push(inner);
      return model(inner);
    }),
  );
  return { answer, seen };
}

describe("composedModelCalls", () => {
  const order: string[] = [];
  const outer = createMiddleware({
    name: "Outer",
    wrapModelCall: async (req, handler) => {
      order.push("outer in");
      const answer = await handler({ ...req, systemMessage: req.systemMessage.concat("\nouter") });
      order.push(`outer sees ${AIMessage.isInstance(answer) ? "an AI message" : "a command"}`);
      return answer;
    },
  });
  const prompt = createMiddleware({
    name: "Prompt",
    wrapModelCall: (req, handler) => {
      order.push(`prompt sees "${req.systemPrompt}"`);
      return handler({ ...req, systemPrompt: `${req.systemPrompt}\nprompt` });
    },
  });
  const usage = createMiddleware({
    name: "Usage",
    wrapModelCall: async (req, handler) => {
      order.push("usage in");
      await handler(req);
      return new Command({ update: { usage: 1 } });
    },
  });

  it("runs the wrappers outermost first, keeps prompt and message one, and hands LangChain the AI message and the commands", async () => {
    order.length = 0;
    const { answer, seen } = await call([outer, prompt, usage] as AgentMiddleware[], async () => new AIMessage("hi"));
    expect(order).toEqual(["outer in", 'prompt sees "base\nouter"', "usage in", "outer sees an AI message"]);
    // LangChain's own check sees only the message changed, with every wrapper's text in it.
    expect(seen[0].systemPrompt).toBe("base");
    expect(seen[0].systemMessage.text).toBe("base\nouter\nprompt");
    // The collector answers with the commands; the AI message went to LangChain from the chain.
    expect(isCommand(answer)).toBe(true);
    expect((answer as Command).update).toEqual({ usage: 1 });
  });

  it("answers with the AI message itself when no wrapper returned a command", async () => {
    const { answer } = await call([outer, prompt] as AgentMiddleware[], async () => new AIMessage("plain"));
    expect(AIMessage.isInstance(answer) && answer.text).toBe("plain");
  });

  it("refuses a wrapper that changes both the prompt string and the message", async () => {
    const both = createMiddleware({
      name: "Both",
      wrapModelCall: (req, handler) => handler({ ...req, systemPrompt: "x", systemMessage: new SystemMessage("y") }),
    });
    await expect(call([both] as AgentMiddleware[], async () => new AIMessage("never"))).rejects.toThrow(
      /"Both" changed both systemPrompt and systemMessage/,
    );
  });

  it("merges plain updates and refuses two updates of the same key", () => {
    const merged = mergedCommand([
      new Command({ update: { a: 1, messages: [new AIMessage("one")] } }),
      new Command({ update: { b: 2, messages: [new AIMessage("two")] } }),
    ]);
    expect(Object.keys(merged.update as object).sort()).toEqual(["a", "b", "messages"]);
    expect((merged.update as { messages: AIMessage[] }).messages.map((m) => m.text)).toEqual(["one", "two"]);
    expect(() => mergedCommand([new Command({ update: { a: 1 } }), new Command({ update: { a: 2 } })])).toThrow(
      /updated "a"/,
    );
    expect(() => mergedCommand([new Command({ update: { a: 1 } }), new Command({ goto: "tools" })])).toThrow(
      /not a plain state update/,
    );
  });
});
