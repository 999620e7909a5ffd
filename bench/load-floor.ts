import { createAgent } from "langchain";
import { HumanMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { MemorySaver } from "@langchain/langgraph";
import { writeTodosTool } from "@/lib/agent/middleware/todos";
import { chatText, MODEL_FIRST_TOKEN_MS } from "./load-model";

/**
 * The floor under the app's figure: bare LangGraph (`createAgent` with ChatOpenAI, the app's
 * system prompt, one tool and an in-memory checkpointer, no HTTP server, no database), N runs
 * started at once in this process against the same model. First streamed text token over the
 * model's own first token, per run.
 */
export async function bareAgentFirstToken(mockUrl: string, appBody: unknown, n: number): Promise<number[]> {
  const system = (appBody as { messages?: { role: string; content: unknown }[] }).messages?.find(
    (m) => m.role === "system",
  )?.content;
  const model = new ChatOpenAI({
    model: (appBody as { model?: string }).model ?? "demo-chat",
    apiKey: "bench",
    configuration: { baseURL: mockUrl },
    streaming: true,
    streamUsage: true,
    maxRetries: 0,
  });
  const agent = createAgent({
    model,
    tools: [writeTodosTool],
    systemPrompt: typeof system === "string" ? system : "You are a helpful assistant.",
    checkpointer: new MemorySaver(),
  });
  const one = async (started: number) => {
    const id = `bare-${crypto.randomUUID()}`;
    const stream = await agent.graph.stream(
      { messages: [new HumanMessage(chatText(id))] } as never,
      {
        configurable: { thread_id: id },
        streamMode: ["values", "messages"],
      } as never,
    );
    let first: number | null = null;
    for await (const [mode, data] of stream as AsyncIterable<[string, unknown]>) {
      if (first === null && mode === "messages" && (data as [{ text?: string }])[0].text) {
        first = performance.now() - started - MODEL_FIRST_TOKEN_MS;
      }
    }
    return first === null ? [] : [first];
  };
  await one(performance.now()); // warm this process's code paths
  const started = performance.now();
  return (await Promise.all(Array.from({ length: n }, () => one(started)))).flat();
}
