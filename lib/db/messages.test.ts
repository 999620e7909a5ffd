import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { createTestUser } from "@/lib/testing/agent-harness";
import type { Actor } from "@/lib/identity/actor";
import type { DbHandle } from "./client";
import { createThread } from "./threads";
import { listMessages, saveMessage } from "./messages";

let handle: DbHandle;
let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  handle = await createTestDatabase();
  alice = await createTestUser();
  bob = await createTestUser();
});
afterAll(destroyTestDatabase);

const text = (id: string, t: string) => ({ id, role: "user" as const, parts: [{ type: "text" as const, text: t }] });

describe("saveMessage", () => {
  it("saves and replaces a message of the actor's thread in one statement", async () => {
    const thread = await createThread(alice, { id: crypto.randomUUID(), title: "t", agentId: null });
    let queries = 0;
    const query = handle.pool.query.bind(handle.pool);
    handle.pool.query = ((...args: Parameters<typeof query>) => {
      queries++;
      return query(...args);
    }) as typeof handle.pool.query;
    try {
      await saveMessage(alice, thread.id, text("m1", "first"), null);
    } finally {
      handle.pool.query = query;
    }
    expect(queries).toBe(1);
    await saveMessage(alice, thread.id, { ...text("m1", "edited"), metadata: { model: "x" } }, "run-1");
    expect(await listMessages(alice, thread.id)).toEqual([{ ...text("m1", "edited"), metadata: { model: "x" } }]);
  });

  it("refuses a thread the actor does not own and writes nothing", async () => {
    const thread = await createThread(alice, { id: crypto.randomUUID(), title: "t", agentId: null });
    await expect(saveMessage(bob, thread.id, text("m-bob", "hi"), null)).rejects.toThrow(/not owned/);
    await expect(saveMessage(bob, "no-such-thread", text("m-bob2", "hi"), null)).rejects.toThrow(/not owned/);
    expect(await listMessages(alice, thread.id)).toEqual([]);
  });

  it("never moves or rewrites a message of another thread that has the same id", async () => {
    const first = await createThread(alice, { id: crypto.randomUUID(), title: "a", agentId: null });
    const second = await createThread(alice, { id: crypto.randomUUID(), title: "b", agentId: null });
    await saveMessage(alice, first.id, text("shared-id", "original"), null);
    await saveMessage(alice, second.id, text("shared-id", "intruder"), null);
    expect(await listMessages(alice, first.id)).toEqual([text("shared-id", "original")]);
    expect(await listMessages(alice, second.id)).toEqual([]);
  });
});
