import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UIMessageChunk } from "ai";
import { startLocalRedis, type LocalRedis } from "@/lib/testing/redis-server";
import { closeRedis } from "@/lib/redis/client";
import { broadcastAbort, handleAborts, listenForAborts } from "@/lib/redis/abort-broadcast";
import { followSharedRun, shareRunStream } from "./shared-stream";
import { RunStreamBuffer } from "./stream-buffer";

// One process plays both instances: the producer and the follower meet only through Redis.
let redis: LocalRedis;
beforeAll(async () => {
  redis = await startLocalRedis();
  process.env.REDIS_URL = redis.url;
});
afterAll(async () => {
  await closeRedis();
  delete process.env.REDIS_URL;
  await redis.stop();
});

const text = (delta: string): UIMessageChunk => ({ type: "text-delta", id: "t", delta });

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, needle: string, sofar = "") {
  const decoder = new TextDecoder();
  let out = sofar;
  while (!out.includes(needle)) {
    const { done, value } = await reader.read();
    if (done) break;
    out += decoder.decode(value);
  }
  return out;
}

describe("a run's stream shared through Redis", () => {
  it("another instance gets the replay, then the live events, then the end", async () => {
    const runId = crypto.randomUUID();
    const buffer = new RunStreamBuffer();
    buffer.push({ type: "start", messageId: "m" });
    buffer.push(text("Hello"));
    expect(await shareRunStream(runId, buffer)).toBe(true);

    const followed = await followSharedRun(runId);
    expect(followed).not.toBeNull();
    const reader = followed!.getReader();
    const replay = await readUntil(reader, "Hello");
    expect(replay).toBe(
      `data: {"type":"start","messageId":"m"}\n\ndata: {"type":"text-delta","id":"t","delta":"Hello"}\n\n`,
    );

    buffer.push(text(", world"));
    buffer.push({ type: "finish" });
    buffer.close();
    const rest = await readUntil(reader, "[DONE]");
    expect(rest).toBe(
      `data: {"type":"text-delta","id":"t","delta":", world"}\n\ndata: {"type":"finish"}\n\ndata: [DONE]\n\n`,
    );
    expect((await reader.read()).done).toBe(true);

    // Once over, there is nothing to follow: the client reads the saved messages instead.
    expect(await followSharedRun(runId)).toBeNull();
  });

  it("a run that was never shared cannot be followed", async () => {
    expect(await followSharedRun(crypto.randomUUID())).toBeNull();
  });

  it("an abort request reaches every listening instance", async () => {
    const seen: string[] = [];
    handleAborts("run", (id) => seen.push(id));
    await listenForAborts();
    expect(await broadcastAbort("run", "run-1")).toBe(true);
    await expect.poll(() => seen).toEqual(["run-1"]);
  });
});
