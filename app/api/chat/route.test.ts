import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  startAgentHarness,
  createTestUser,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/mock-llm";
import { startGateLoad, takeStartSlot } from "@/lib/runs/start-gate";
import { activeRun } from "@/lib/runs/registry";
import type { Actor } from "@/lib/auth/actor";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
// Next's `after` needs a request scope, which only the Next server gives.
vi.mock("@/lib/http/keep-run-alive", () => ({ keepAliveUntilRunEnds: () => {} }));
const { POST } = await import("./route");

let h: AgentHarness;
let actor: Actor;
beforeAll(async () => {
  h = await startAgentHarness();
  actor = await createTestUser();
});
afterAll(async () => {
  await h.stop();
});
afterEach(() => vi.unstubAllEnvs());

const signedInAs = (who: Actor | null) =>
  auth.mockResolvedValue(who ? { user: { id: who.id, name: who.username, role: who.role }, expires: "" } : null);
const post = (body: unknown) =>
  POST(
    new Request("http://localhost:3100/api/chat", {
      method: "POST",
      headers: { host: "localhost:3100", origin: "http://localhost:3100", "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    undefined,
  );
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("POST /api/chat and the run start gate", () => {
  it("gives the start slot back on an anonymous request and on a bad body", async () => {
    signedInAs(null);
    const anonymous = await post({ id: crypto.randomUUID(), message: userMessage("hi") });
    expect(anonymous.status).toBe(401);
    expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });

    signedInAs(actor);
    const bad = await post({ id: "not a valid id!", message: userMessage("hi") });
    expect(bad.status).toBe(400);
    expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
  });

  it("checks the sign-in only once the request's turn to start comes", async () => {
    vi.stubEnv("RUN_START_CONCURRENCY", "1");
    const busy = await takeStartSlot();
    signedInAs(null);
    auth.mockClear();
    const waiting = post({ id: crypto.randomUUID(), message: userMessage("hi") });
    await settled();
    expect(auth).not.toHaveBeenCalled();
    expect(startGateLoad()).toEqual({ inUse: 1, waiting: 1 });
    busy.release();
    expect((await waiting).status).toBe(401);
    expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
  });

  it("a started chat streams, and its slot is free once it called the model", async () => {
    signedInAs(actor);
    await h.client.script("route-gate", [{ text: "Answered." }]);
    const res = await post({
      id: crypto.randomUUID(),
      message: userMessage(`Hello ${scriptMarker("route-gate")}`),
      modelSpec: `${MOCK_PROVIDER}:mock-chat`,
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    const text = [...body.matchAll(/"type":"text-delta","delta":"([^"]*)"/g)].map((m) => m[1]).join("");
    expect(text).toBe("Answered.");
    expect(body).toContain('"status":"completed"');
    const runId = /"runId":"([^"]+)"/.exec(body)?.[1];
    expect(runId).toBeTruthy();
    await activeRun(runId!)?.done;
    expect(startGateLoad()).toEqual({ inUse: 0, waiting: 0 });
  });
});
