import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  readAll,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import type { ApiError } from "@/lib/errors/api-error";
import { startChatRun } from "./start-run";
import { cancelRun } from "./cancel-run";
import { activeRunForThread } from "./registry";

// Real runs against the scripted model: the limits are checked where a chat starts.
let h: AgentHarness;
const spec = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  h = await startAgentHarness();
});
afterAll(async () => {
  await h.stop();
});
afterEach(() => vi.unstubAllEnvs());

const start = (actor: Awaited<ReturnType<typeof createTestUser>>, key: string) =>
  startChatRun(actor, {
    threadId: crypto.randomUUID(),
    message: userMessage(`Go ${scriptMarker(key)}`),
    modelSpec: spec,
  });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ApiError,
  );

describe("per-user limits on chats", () => {
  // Before: no per-user limit; one user's flood of starts held the one global queue for everyone.
  it("refuses a start past the chats replying at once with 429, and another user still chats", async () => {
    vi.stubEnv("USER_MAX_CONCURRENT_RUNS", "2");
    const flood = await createTestUser();
    const colleague = await createTestUser();
    await h.client.script("slow-limit", [{ text: "slow", firstTokenDelayMs: 20_000 }]);
    await h.client.script("slow-limit-2", [{ text: "slow", firstTokenDelayMs: 20_000 }]);
    await h.client.script("quick-limit", [{ text: "Hello there." }]);
    const running = [await start(flood, "slow-limit"), await start(flood, "slow-limit-2")];
    const err = await refusal(start(flood, "quick-limit"));
    expect(err).toMatchObject({ status: 429, code: "rate_limited:chat", headers: { "Retry-After": "5" } });
    expect(err!.message).toMatch(/^You have 2 chats replying at once, the most one person may/);

    const theirs = await start(colleague, "quick-limit");
    await readAll(theirs.stream);
    for (const r of running) await cancelRun(flood, r.run.id);
    for (const r of running) await activeRunForThread(r.run.threadId)?.done;
    // A finished reply frees its place.
    await h.client.script("quick-limit-2", [{ text: "Again." }]);
    await readAll((await start(flood, "quick-limit-2")).stream);
  });

  it("refuses starts past the per-minute budget with 429 and Retry-After, per user", async () => {
    vi.stubEnv("USER_CHAT_STARTS_PER_MINUTE", "2");
    const eager = await createTestUser();
    const other = await createTestUser();
    for (const key of ["m1", "m2", "m3"]) await h.client.script(`minute-${key}`, [{ text: "ok" }]);
    for (const key of ["m1", "m2"]) await readAll((await start(eager, `minute-${key}`)).stream);
    const err = await refusal(start(eager, "minute-m3"));
    expect(err).toMatchObject({ status: 429, code: "rate_limited:chat" });
    expect(Number(err!.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
    expect(err!.message).toMatch(
      /^You started 2 chats within a minute, the most one person may\. Try again in \d+ s\.$/,
    );
    await readAll((await start(other, "minute-m3")).stream);
  });
});
