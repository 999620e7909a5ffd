import { mockClient } from "../lib/testing/scripted-model/client";
import { startModelProcess } from "./model-process";
import { ms, summarize } from "./stats";
import { firstContentMs } from "./load-model";

/**
 * The scripted model's own time to first token under a burst: N streamed requests at once,
 * each with a realistic prompt (a ~6k-character system prompt, 15 tool schemas of ~600
 * characters, one distinct user message), timed to the first content chunk and reported
 * over the scripted first-token delay. The model runs in a process of its own; round 1 meets
 * it cold, later rounds warm.
 */
const N = Number(process.env.N ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const FIRST_TOKEN_MS = 200;
const SCRIPT = "mockbench";

const WORDS = (
  "the agent reads the workspace files before it answers and cites every source it used " +
  "keep answers short unless the user asks for detail never invent a tool result " +
  "when a task has several steps write a todo list first then work through it in order"
).split(" ");

// Deterministic prose, so every run sends the same bytes.
function prose(chars: number, seed: number): string {
  let out = "";
  for (let i = 0; out.length < chars; i += 1) out += `${WORDS[(i * 7 + seed * 13) % WORDS.length]} `;
  return out.slice(0, chars);
}

const system = `You are Meridian's research assistant. ${prose(6000, 1)}`;
const tools = Array.from({ length: 15 }, (_, i) => ({
  type: "function",
  function: {
    name: `tool_${i}`,
    description: prose(380, i + 2),
    parameters: {
      type: "object",
      properties: { query: { type: "string", description: prose(80, i + 3) }, limit: { type: "number" } },
      required: ["query"],
    },
  },
}));

const body = (user: string) => ({
  model: "demo-chat",
  stream: true,
  stream_options: { include_usage: true },
  tools,
  messages: [
    { role: "system", content: system },
    { role: "user", content: `${user} [[mock:${SCRIPT}]]` },
  ],
});

async function firstToken(url: string, user: string): Promise<number> {
  const first = await firstContentMs(url, body(user), "Hell");
  if (first === null) throw new Error("no content chunk");
  return first - FIRST_TOKEN_MS;
}

async function main() {
  // MOCK_URL: a model server started by hand (e.g. under a profiler) instead of a fresh one.
  const server = process.env.MOCK_URL
    ? { url: process.env.MOCK_URL, close: async () => {} }
    : await startModelProcess();
  await mockClient(server.url).script(SCRIPT, [
    { text: "Hello from the bench.", firstTokenDelayMs: FIRST_TOKEN_MS, repeat: 1_000_000 },
  ]);
  const warm: number[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const over = await Promise.all(
        Array.from({ length: N }, (_, i) => firstToken(server.url, `Question ${round}-${i}: what changed?`)),
      );
      if (round > 1) warm.push(...over);
      const s = summarize(over);
      console.log(
        `round ${round}${round === 1 ? " (cold)" : ""}: n=${s.n} over ${FIRST_TOKEN_MS} ms: p50 ${ms(s.p50)}, p99 ${ms(s.p99)}`,
      );
    }
    const w = summarize(warm);
    console.log(`warm rounds pooled: n=${w.n} over ${FIRST_TOKEN_MS} ms: p50 ${ms(w.p50)}, p99 ${ms(w.p99)}`);
  } finally {
    await server.close();
  }
}

void main();
