import { afterAll, vi } from "vitest";

/**
 * Setup for every unit and integration test file (vitest.config.ts). The files a worker runs share
 * its process (`isolate: false`), so LangChain, drizzle, PGlite and the other packages load once
 * per worker instead of once per file (imports took 120 of 520 s of the suite). Everything of
 * ours still starts as in a new process:
 * - our modules are evaluated again for each file (resetModules runs before the file's imports),
 *   so module variables and `vi.mock` work as before;
 * - the environment is put back as it was when the file started, and spies, stubbed globals and
 *   fake timers are undone;
 * - what our modules keep on globalThis (keys `Symbol.for("meridian.…")` and `__meridian…`: the
 *   process-wide database, caches, the job runner, Redis connections, interval timers) is
 *   released and dropped when the file ends, so none of it reaches the next file's database.
 */
vi.resetModules();

const env = { ...process.env };
const ours = (key: PropertyKey) =>
  typeof key === "symbol" ? (key.description ?? "").startsWith("meridian.") : String(key).startsWith("__meridian");

type Held = {
  hasRef?: unknown;
  stop?: () => Promise<unknown>;
  close?: () => Promise<unknown>;
  publisher?: { quit(): Promise<unknown> };
  subscriber?: { quit(): Promise<unknown> };
};

/** Ends what a process-wide value holds open: what the process's exit would have ended. */
async function release(value: Held): Promise<void> {
  if (typeof value.hasRef === "function") clearInterval(value as unknown as NodeJS.Timeout);
  else if (typeof value.stop === "function")
    await value.stop(); // the job runner
  else if (typeof value.close === "function")
    await value.close(); // the database
  else if (value.publisher && value.subscriber)
    await Promise.allSettled([value.publisher.quit(), value.subscriber.quit()]);
}

afterAll(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const g = globalThis as unknown as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(globalThis).filter(ours)) {
    const value = await Promise.resolve(g[key]).catch(() => null);
    delete g[key];
    if (value && typeof value === "object") await release(value as Held);
  }
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
});
