import { mockClient, scriptMarker } from "../lib/testing/scripted-model/client";
import type { ChatTiming } from "./load-client";

/** The load bench's model: 200 ms to first token, then 8-character chunks every 20 ms. */
export const MODEL_FIRST_TOKEN_MS = 200;
const SCRIPT = "loadbench";
export const ANSWER = "The load bench answer streams in small pieces, like a real provider would. "
  .repeat(3)
  .slice(0, 200);
const TURN = { text: ANSWER, chunkSize: 8, delayMs: 20, firstTokenDelayMs: MODEL_FIRST_TOKEN_MS, repeat: 1_000_000 };

/** The user's message of chat `threadId`: the marker routes it to the script, the id finds its model request. */
export const chatText = (threadId: string) => `Say something short (${threadId}). ${scriptMarker(SCRIPT)}`;

export type BenchModel = {
  /** Forgets the request log (and re-registers the script), so each N reads only its own requests. */
  reset(): Promise<void>;
  /**
   * Per chat, from the model's request log: `reached`, when the model received the chat's first
   * request (ms after the chat started); `overOwn`, the chat's first text byte over the model's own
   * time to first token for that request (received to first token out, delays of the busy machine
   * included): what the app added before and after the model.
   */
  atModel(timings: ChatTiming[]): Promise<{ reached: number[]; overOwn: number[] }>;
  /** One request body the app sent, to replay against the model alone. */
  sampleBody(): Promise<unknown>;
};

export function benchModel(mockUrl: string): BenchModel {
  const mock = mockClient(mockUrl);
  return {
    async reset() {
      await mock.reset();
      await mock.script(SCRIPT, [TURN]);
    },
    async atModel(timings) {
      const logged = (await mock.requests(SCRIPT)).map((r) => ({ ...r, body: JSON.stringify(r.body) }));
      const reached: number[] = [];
      const overOwn: number[] = [];
      for (const t of timings) {
        // The chat's first request (a title call later names the same thread).
        const first = logged.find((r) => r.body.includes(`(${t.threadId})`));
        if (!first) continue;
        reached.push(first.receivedAt - t.startedAt);
        if (first.firstTokenAt !== undefined && t.firstTextMs !== null) {
          overOwn.push(t.firstTextMs - (first.firstTokenAt - first.receivedAt));
        }
      }
      return { reached, overOwn };
    },
    async sampleBody() {
      const [first] = await mock.requests(SCRIPT);
      if (!first) throw new Error("the app sent the model no request");
      return first.body;
    },
  };
}

/**
 * The model alone under the same N: `body` sent N times at once straight to the mock, so the
 * share of the app's overhead that is the mock's own queueing on this machine shows.
 */
export async function modelAloneFirstToken(mockUrl: string, body: unknown, n: number): Promise<number[]> {
  const one = async () => {
    const first = await firstContentMs(mockUrl, { ...(body as object), stream: true }, ANSWER.slice(0, 4));
    return first === null ? [] : [first - MODEL_FIRST_TOKEN_MS];
  };
  return (await Promise.all(Array.from({ length: n }, one))).flat();
}

/** One streamed completion sent straight to the model: ms until content starting with `prefix` arrived, or null. */
export async function firstContentMs(mockUrl: string, body: unknown, prefix: string): Promise<number | null> {
  const started = performance.now();
  const res = await fetch(`${mockUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let raw = "";
  let first: number | null = null;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    raw += decoder.decode(read.value, { stream: true });
    if (first === null && raw.includes(`"content":"${prefix}`)) first = performance.now() - started;
  }
  return first;
}
