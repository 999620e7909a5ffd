import {
  createResumableStreamContext,
  type Publisher,
  type ResumableStreamContext,
  type Subscriber,
} from "resumable-stream/generic";
import { redisConnections, type RedisConnections } from "@/lib/redis/client";
import { runEventText } from "./sse-stream";
import type { RunStreamBuffer } from "./stream-buffer";

/**
 * A run's event stream shared with the other instances through Redis (the `resumable-stream`
 * package): the instance executing the run is the producer; a reload served by another instance
 * asks for the stream by run id and gets the replay, then the live events. Without Redis the
 * run's in-process buffer is all there is.
 */
const PREFIX = "meridian:run-stream";

const key = Symbol.for("meridian.sharedStreams");
type Holder = typeof globalThis & { [key]?: Promise<ResumableStreamContext> };

function adapt({ publisher, subscriber }: RedisConnections) {
  // Already connected (lib/redis/client.ts); the library only needs the calls below.
  const pub: Publisher = {
    connect: async () => {},
    publish: (channel, message) => publisher.publish(channel, message),
    set: (k, value, options) => publisher.set(k, value, options?.EX ? { EX: options.EX } : undefined),
    get: (k) => publisher.get(k),
    incr: (k) => publisher.incr(k),
  };
  const sub: Subscriber = {
    connect: async () => {},
    subscribe: async (channel, callback) => {
      await subscriber.subscribe(channel, callback);
    },
    unsubscribe: (channel) => subscriber.unsubscribe(channel),
  };
  // A server process outlives its responses; on Vercel the chat route keeps the run alive with after().
  return createResumableStreamContext({ keyPrefix: PREFIX, waitUntil: null, publisher: pub, subscriber: sub });
}

function streamContext(): Promise<ResumableStreamContext> | null {
  const connections = redisConnections();
  if (!connections) return null;
  const g = globalThis as Holder;
  g[key] ??= connections.then(adapt);
  return g[key];
}

/** Makes a run started here followable from every instance; false without Redis. */
export async function shareRunStream(runId: string, buffer: RunStreamBuffer): Promise<boolean> {
  const context = streamContext();
  if (!context) return false;
  const own = await (await context).createNewResumableStream(runId, () => runEventText(buffer));
  // The producer reads the run to its end whoever listens; this copy has no reader of its own.
  await own?.cancel();
  return true;
}

const encoder = new TextEncoder();

/**
 * The events of a run executing on another instance, replay first; null when the run is not
 * shared, already over, or its instance does not answer (it died: its lease will expire).
 */
export async function followSharedRun(runId: string): Promise<ReadableStream<Uint8Array> | null> {
  const context = streamContext();
  if (!context) return null;
  try {
    const text = await (await context).resumeExistingStream(runId);
    if (!text) return null;
    return text.pipeThrough(
      new TransformStream<string, Uint8Array>({ transform: (s, c) => c.enqueue(encoder.encode(s)) }),
    );
  } catch (err) {
    console.error(`[run ${runId}] following it through Redis failed:`, (err as Error).message);
    return null;
  }
}
