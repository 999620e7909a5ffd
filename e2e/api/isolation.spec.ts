import { expect, test, request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { createUser, signIn, signInAsAdmin } from "../helpers/auth";
import { mock, scriptMarker, sendChat, userMessage } from "../helpers/chat";

/**
 * A user never reads, changes or deletes another user's thread, state or run, and never sees
 * it listed. Every thread/run route is walked as the owner, another user and anonymous.
 */
let owner: APIRequestContext;
let other: APIRequestContext;
let anon: APIRequestContext;
let threadId: string;
let runId: string;

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  const a = await createUser(admin);
  const b = await createUser(admin);
  await admin.dispose();
  owner = await signIn(baseURL!, a.username, a.password);
  other = await signIn(baseURL!, b.username, b.password);
  anon = await playwrightRequest.newContext({ baseURL });
  threadId = crypto.randomUUID();
  await mock.script("isolation", [{ text: "The owner's secret answer." }]);
  const sent = await sendChat(owner, threadId, `My private question ${scriptMarker("isolation")}`);
  runId = sent.run.runId;
  expect(sent.run.status).toBe("completed");
});

test.afterAll(async () => {
  await Promise.all([owner?.dispose(), other?.dispose(), anon?.dispose()]);
});

type Call = { name: string; call: (api: APIRequestContext) => Promise<APIResponse> };

const routes = (): Call[] => [
  { name: "GET thread", call: (api) => api.get(`/api/threads/${threadId}`) },
  { name: "GET state", call: (api) => api.get(`/api/threads/${threadId}/state`) },
  { name: "PATCH thread", call: (api) => api.patch(`/api/threads/${threadId}`, { data: { title: "stolen" } }) },
  { name: "DELETE thread", call: (api) => api.delete(`/api/threads/${threadId}`) },
  { name: "GET run", call: (api) => api.get(`/api/runs/${runId}`) },
  { name: "cancel run", call: (api) => api.post(`/api/runs/${runId}/cancel`) },
  { name: "resume stream", call: (api) => api.get(`/api/chat/${threadId}/stream`) },
  { name: "send into thread", call: (api) => api.post("/api/chat", { data: { id: threadId, message: userMessage("hijack") } }) },
];

async function expectNoLeak(res: APIResponse, status: number) {
  expect(res.status()).toBe(status);
  const text = await res.text();
  expect(text).not.toContain("secret");
  expect(text).not.toContain("private question");
  expect(JSON.parse(text)).toEqual({ error: { code: expect.stringMatching(/^(not_found|forbidden|unauthorized):/), message: expect.any(String) } });
}

test("another user gets 404 from every thread and run route and changes nothing", async () => {
  for (const r of routes()) {
    await test.step(r.name, async () => expectNoLeak(await r.call(other), 404));
  }
  const list = await (await other.get("/api/threads")).json();
  expect(list.map((t: { id: string }) => t.id)).not.toContain(threadId);

  const mine = await (await owner.get(`/api/threads/${threadId}`)).json();
  expect(mine.thread.title).not.toBe("stolen");
  expect(JSON.stringify(mine.messages)).not.toContain("hijack");
  expect(mine.messages).toHaveLength(2);
  expect((await (await owner.get(`/api/runs/${runId}`)).json()).status).toBe("completed");
});

test("anonymous requests get 401 with the typed error", async () => {
  for (const r of [...routes(), { name: "GET threads", call: (api: APIRequestContext) => api.get("/api/threads") }]) {
    await test.step(r.name, async () => expectNoLeak(await r.call(anon), 401));
  }
});

test("the owner reads the thread, its state and the run", async () => {
  const thread = await (await owner.get(`/api/threads/${threadId}`)).json();
  expect(JSON.stringify(thread.messages)).toContain("The owner's secret answer.");
  const state = await (await owner.get(`/api/threads/${threadId}/state`)).json();
  expect(state.runs.map((r: { id: string }) => r.id)).toContain(runId);
  expect(state.tokenUsage.thread.totals.calls).toBeGreaterThan(0);
  expect((await owner.get(`/api/chat/${threadId}/stream`)).status()).toBe(204);
  const list = await (await owner.get("/api/threads")).json();
  expect(list.map((t: { id: string }) => t.id)).toContain(threadId);
});
