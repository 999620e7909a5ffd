import "server-only";
import { createClient } from "redis";

/**
 * The Redis connections of a multi-instance deployment (REDIS_URL): one for commands and
 * publishing, one for subscriptions (a subscribed connection takes no other commands). Without
 * REDIS_URL, everything that could share state through Redis stays in the process, as one
 * instance needs. Kept on globalThis: Next.js may load this module once per route bundle.
 */
export type RedisClient = ReturnType<typeof createClient>;
export type RedisConnections = { publisher: RedisClient; subscriber: RedisClient };

function redisUrl(): string | null {
  return process.env.REDIS_URL?.trim() || null;
}

/** True when instances share state through Redis: several may run against one database. */
export function isMultiInstance(): boolean {
  return redisUrl() !== null;
}

const key = Symbol.for("meridian.redis");
type Holder = typeof globalThis & { [key]?: Promise<RedisConnections> };

async function connect(url: string): Promise<RedisConnections> {
  const publisher = createClient({ url });
  const subscriber = publisher.duplicate();
  // Without a listener a dropped connection would crash the process; the client reconnects itself.
  publisher.on("error", (err) => console.error("[redis] publisher:", (err as Error).message));
  subscriber.on("error", (err) => console.error("[redis] subscriber:", (err as Error).message));
  await Promise.all([publisher.connect(), subscriber.connect()]);
  return { publisher, subscriber };
}

/** The shared connections, opened on first use; null without REDIS_URL. */
export function redisConnections(): Promise<RedisConnections> | null {
  const url = redisUrl();
  if (!url) return null;
  const g = globalThis as Holder;
  g[key] ??= connect(url).catch((err) => {
    delete g[key];
    throw err;
  });
  return g[key];
}

/** Closes the connections (tests; a server's shutdown). */
export async function closeRedis(): Promise<void> {
  const g = globalThis as Holder;
  const pending = g[key];
  delete g[key];
  if (!pending) return;
  const { publisher, subscriber } = await pending;
  await Promise.allSettled([publisher.quit(), subscriber.quit()]);
}
