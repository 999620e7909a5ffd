import { createUIMessageStreamResponse, parseJsonEventStream, uiMessageChunkSchema, type UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import { runEventStream } from "./sse-stream";
import { RunStreamBuffer } from "./stream-buffer";

const delta = (n: number): UIMessageChunk => ({ type: "text-delta", id: "t1", delta: `word${n} ` });
const run: UIMessageChunk[] = [
  { type: "start", messageId: "m1" },
  { type: "text-start", id: "t1" },
  delta(1),
  delta(2),
  { type: "text-end", id: "t1" },
  { type: "finish" },
];

const streamOf = (chunks: UIMessageChunk[]) =>
  new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const readAllOf = <T>(stream: ReadableStream<T>) => readRest(stream.getReader());

async function readRest<T>(reader: ReadableStreamDefaultReader<T>): Promise<T[]> {
  const reads: T[] = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) reads.push(r.value);
  return reads;
}

/** The chunks in SSE bytes, read back with the AI SDK's own parser. */
async function parseChunks(reads: Uint8Array[]): Promise<unknown[]> {
  const body = new Blob(reads.map((r) => new Uint8Array(r))).stream();
  const results = await readAllOf(parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }));
  return results.map((result) => {
    if (!result.success) throw result.error;
    return result.value;
  });
}

/** Lets pending pulls and wake-ups run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("runEventStream", () => {
  it("encodes every chunk as the AI SDK does, in order, with [DONE] last", async () => {
    const buffer = new RunStreamBuffer();
    const stream = runEventStream(buffer);
    for (const chunk of run) buffer.push(chunk);
    buffer.close();
    const reads = await readAllOf(stream);

    expect(await parseChunks(reads)).toEqual(run);
    const text = reads.map(decode).join("");
    expect(text).toBe(run.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("") + "data: [DONE]\n\n");
    // Byte for byte what createUIMessageStreamResponse sends for the same chunks.
    const sdk = createUIMessageStreamResponse({ stream: streamOf(run) });
    expect(await sdk.text()).toBe(text);
  });

  it("replays everything to a late reader, then follows live", async () => {
    const buffer = new RunStreamBuffer();
    run.slice(0, 3).forEach((c) => buffer.push(c));
    const reader = runEventStream(buffer).getReader();

    const replay = await reader.read();
    expect(await parseChunks([replay.value!])).toEqual(run.slice(0, 3));
    const live = reader.read();
    buffer.push(run[3]);
    expect(await parseChunks([(await live).value!])).toEqual([run[3]]);
    run.slice(4).forEach((c) => buffer.push(c));
    buffer.close();
    const rest = await readRest(reader);
    expect(await parseChunks(rest)).toEqual(run.slice(4));
    expect(decode(rest.at(-1)!).endsWith("data: [DONE]\n\n")).toBe(true);
  });

  it("sends what piled up before a read as one Uint8Array", async () => {
    const buffer = new RunStreamBuffer();
    const reader = runEventStream(buffer).getReader();
    buffer.push(run[0]);
    const first = await reader.read();
    // Pushed while nobody was reading: all of them arrive in the next single read.
    run.slice(1, 5).forEach((c) => buffer.push(c));
    await settle();
    const batch = await reader.read();
    expect(decode(batch.value!).match(/^data: /gm)).toHaveLength(4);
    expect(await parseChunks([first.value!, batch.value!])).toEqual(run.slice(0, 5));
    // The last chunk and [DONE] go out together too.
    buffer.push(run[5]);
    buffer.close();
    const last = await reader.read();
    expect(decode(last.value!)).toBe(`data: ${JSON.stringify(run[5])}\n\ndata: [DONE]\n\n`);
    expect((await reader.read()).done).toBe(true);
  });

  it("hands an idle reader a chunk pushed alone at once", async () => {
    const buffer = new RunStreamBuffer();
    const reader = runEventStream(buffer).getReader();
    const pending = reader.read();
    await settle();
    buffer.push(run[0]);
    const read = await Promise.race([pending, settle().then(() => "waiting")]);
    expect(read).not.toBe("waiting");
    expect(decode((read as ReadableStreamReadResult<Uint8Array>).value!)).toBe(`data: ${JSON.stringify(run[0])}\n\n`);
  });

  it("writes the first text at once, then the deltas that follow a few at a time", async () => {
    const buffer = new RunStreamBuffer();
    const reader = runEventStream(buffer).getReader();
    buffer.push(run[0]);
    buffer.push(run[1]);
    await reader.read(); // start, text-start
    const started = Date.now();
    const first = reader.read();
    await settle();
    buffer.push(delta(1));
    expect(decode((await first).value!)).toBe(`data: ${JSON.stringify(delta(1))}\n\n`);
    expect(Date.now() - started).toBeLessThan(30); // the first text waits for nothing
    // Deltas right after a written one wait for the rest of the gap, and go out together.
    const next = reader.read();
    await settle();
    buffer.push(delta(2));
    await settle();
    buffer.push(delta(3));
    const batch = decode((await next).value!);
    expect(batch.match(/^data: /gm)).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    // After a pause longer than the gap, the next delta goes out at once again.
    await new Promise((resolve) => setTimeout(resolve, 60));
    const later = reader.read();
    await settle();
    const pushedAt = Date.now();
    buffer.push(delta(4));
    expect(decode((await later).value!)).toBe(`data: ${JSON.stringify(delta(4))}\n\n`);
    expect(Date.now() - pushedAt).toBeLessThan(30);
  });

  it("cancel detaches only: the buffer keeps serving other readers", async () => {
    const buffer = new RunStreamBuffer();
    buffer.push(run[0]);
    const leaver = runEventStream(buffer).getReader();
    await leaver.read();
    const pending = leaver.read();
    await expect(leaver.cancel()).resolves.toBeUndefined();
    expect((await pending).done).toBe(true);

    run.slice(1).forEach((c) => buffer.push(c));
    buffer.close();
    expect(await parseChunks(await readAllOf(runEventStream(buffer)))).toEqual(run);
    expect(await readAllOf(buffer.subscribe())).toEqual(run);
  });

  it("ends at once with only [DONE] when the run ended empty", async () => {
    const buffer = new RunStreamBuffer();
    buffer.close();
    expect((await readAllOf(runEventStream(buffer))).map(decode)).toEqual(["data: [DONE]\n\n"]);
  });
});
