import { expect, test, request as playwrightRequest, type APIRequestContext } from "../test";
import { createUser, signIn, signInAsAdmin } from "../helpers/auth";
import { mock, scriptMarker, sendChat } from "../helpers/chat";
import { ISOLATION_CASES, type Fixtures, type IsolationActor } from "./isolation-table";

type ThreadBody = { thread: { title: string } };

/**
 * Table-driven isolation suite: every route x four actors (owner, another user, the admin of
 * another department, anonymous). Each case gets fresh fixtures; the owner goes last, and
 * whatever the others tried, the owner's resources must be exactly as before.
 */
let superadmin: APIRequestContext;
const actors = {} as Record<IsolationActor, APIRequestContext>;
let base: Pick<Fixtures, "ownerUserId" | "departmentAId">;

test.beforeAll(async ({ baseURL }) => {
  superadmin = await signInAsAdmin(baseURL!);
  const deptA = await (
    await superadmin.post("/api/admin/departments", { data: { name: `Dept A ${Date.now()}` } })
  ).json();
  const deptB = await (
    await superadmin.post("/api/admin/departments", { data: { name: `Dept B ${Date.now()}` } })
  ).json();
  const owner = await createUser(superadmin, { role: "user", departmentId: deptA.id });
  const other = await createUser(superadmin, { role: "user", departmentId: deptA.id });
  const adminB = await createUser(superadmin, { role: "admin", departmentId: deptB.id });
  actors.owner = await signIn(baseURL!, owner.username, owner.password);
  actors.otherUser = await signIn(baseURL!, other.username, other.password);
  actors.otherAdmin = await signIn(baseURL!, adminB.username, adminB.password);
  actors.anonymous = await playwrightRequest.newContext({ baseURL });
  base = { ownerUserId: owner.id, departmentAId: deptA.id };
  await mock.script("isolation", [{ text: "The owner's secret answer.", repeat: 10_000 }]);
  // Delegated tasks' workers take their time: the task is still open while the others try to stop it.
  await mock.script("iso-worker", [{ text: "Worker done.", firstTokenDelayMs: 20_000, repeat: 10_000 }]);
});

test.afterAll(async () => {
  await Promise.all([superadmin, ...Object.values(actors)].map((c) => c?.dispose()));
});

async function freshFixtures(): Promise<Fixtures> {
  const threadId = crypto.randomUUID();
  const chat = await sendChat(actors.owner, threadId, `Private question ${scriptMarker("isolation")}`);
  // The first answer's title is written just after its stream ends: the snapshots compare a settled thread.
  await expect
    .poll(async () => ((await (await actors.owner.get(`/api/threads/${threadId}`)).json()) as ThreadBody).thread.title)
    .toBe("Private question");
  const agent = await (
    await actors.owner.post("/api/agents", {
      data: { slug: `own-${crypto.randomUUID().slice(0, 8)}`, name: "Owner's agent", description: "original" },
    })
  ).json();
  const token = await (await actors.owner.post("/api/tokens", { data: { name: "owner token" } })).json();
  const kb = await (
    await actors.owner.post("/api/kbs", { data: { name: "Owner's knowledge", description: "original" } })
  ).json();
  const [kbDocument] = await (
    await actors.owner.post(`/api/kbs/${kb.id}/documents`, {
      multipart: {
        file: { name: "owner.md", mimeType: "text/markdown", buffer: Buffer.from("# Owner's knowledge\noriginal") },
      },
    })
  ).json();
  await expect
    .poll(async () => (await (await actors.owner.get(`/api/kbs/${kb.id}/documents/${kbDocument.id}`)).json()).status, {
      timeout: 15_000,
    })
    .toBe("indexed");
  const provider = await (
    await superadmin.post("/api/admin/providers", {
      data: {
        id: `prov-${crypto.randomUUID().slice(0, 8)}`,
        name: "Fixture provider",
        baseUrl: "http://127.0.0.1:9/v1",
        apiKey: "sk-fixture-provider-key-0000",
        models: [],
      },
    })
  ).json();
  const mcp = await (
    await superadmin.post("/api/admin/mcp-servers", {
      data: {
        name: `fixture_${crypto.randomUUID().slice(0, 8)}`,
        transport: "streamable_http",
        url: "http://127.0.0.1:9/mcp",
        headers: MCP_HEADERS,
        description: "original",
      },
    })
  ).json();
  const everyoneReads = {
    read: { global: true, departmentIds: [], userIds: [] },
    manage: { global: false, departmentIds: [], userIds: [] },
  };
  const sharedMcp = await (
    await superadmin.post("/api/admin/mcp-servers", {
      data: {
        name: `shared_${crypto.randomUUID().slice(0, 8)}`,
        transport: "streamable_http",
        url: "http://127.0.0.1:9/mcp",
        headers: MCP_HEADERS,
        description: "original",
        sharing: everyoneReads,
      },
    })
  ).json();
  for (const [name, value] of Object.entries({
    run: chat.run?.runId,
    answer: chat.answerId,
    agent: agent.id,
    kb: kb.id,
    kbDocument: kbDocument?.id,
    token: token.id,
    provider: provider.id,
    mcp: mcp.id,
    sharedMcp: sharedMcp.id,
  })) {
    expect(value, `fixture ${name}`).toBeTruthy();
  }
  return {
    ...base,
    threadId,
    messageId: chat.message.id,
    answerId: chat.answerId!,
    runId: chat.run.runId,
    agentId: agent.id,
    kbId: kb.id,
    kbDocumentId: kbDocument.id,
    tokenId: token.id,
    providerId: provider.id,
    mcpServerId: mcp.id,
    sharedMcpServerId: sharedMcp.id,
  };
}

const MCP_HEADERS = [{ name: "Authorization", value: "Bearer fixture-mcp-secret" }];
const mcpState = (view: { description: string; url: string; headerNames: string[]; enabled: boolean } | null) =>
  view && { description: view.description, url: view.url, headerNames: view.headerNames, enabled: view.enabled };

/** A coordinator chat of the owner with one delegated task whose worker is still waiting for its model. */
async function delegatedTaskFixture(): Promise<Pick<Fixtures, "coordinatorThreadId" | "taskId">> {
  const coordinatorThreadId = crypto.randomUUID();
  const key = `iso-coord-${coordinatorThreadId}`;
  await mock.script(key, [
    { toolCalls: [{ name: "delegate_task", args: { description: `Owner's task ${scriptMarker("iso-worker")}` } }] },
    { text: "Delegated." },
  ]);
  await sendChat(actors.owner, coordinatorThreadId, `Coordinate ${scriptMarker(key)}`, { coordinator: true });
  const state = await (await actors.owner.get(`/api/threads/${coordinatorThreadId}/state`)).json();
  return { coordinatorThreadId, taskId: state.delegatedTasks[0].id };
}

async function taskState(f: Fixtures): Promise<string | undefined> {
  const res = await actors.owner.get(`/api/threads/${f.coordinatorThreadId}/state`);
  const tasks = (await res.json()).delegatedTasks as { id: string; status: string }[];
  const status = tasks.find((t) => t.id === f.taskId)?.status;
  return status === "queued" || status === "running" ? "open" : status;
}

/** Everything a non-owner must not be able to change, read through the owner and the superadmin. */
async function snapshot(f: Fixtures) {
  const get = async (api: APIRequestContext, url: string) => {
    const res = await api.get(url);
    return { status: res.status(), body: res.ok() ? await res.json() : null };
  };
  const thread = await get(actors.owner, `/api/threads/${f.threadId}`);
  const users = await get(superadmin, "/api/admin/users");
  const departments = await get(superadmin, "/api/admin/departments");
  return {
    thread:
      thread.status === 200
        ? { title: thread.body.thread.title, messages: thread.body.messages.length }
        : thread.status,
    run: (await get(actors.owner, `/api/runs/${f.runId}`)).body?.status,
    agent: (await get(actors.owner, `/api/agents/${f.agentId}`)).body?.description,
    kb: (await get(actors.owner, `/api/kbs/${f.kbId}`)).body?.description,
    kbDocuments: (
      (await get(actors.owner, `/api/kbs/${f.kbId}/documents`)).body as { id: string; status: string }[] | null
    )?.map((d) => `${d.id}:${d.status}`),
    tokens: ((await get(actors.owner, "/api/tokens")).body as { id: string }[]).map((t) => t.id).sort(),
    owner: (users.body as { id: string; displayName: string; disabled?: boolean }[]).find(
      (u) => u.id === f.ownerUserId,
    ),
    departmentA: (departments.body as { id: string; name: string }[]).find((d) => d.id === f.departmentAId)?.name,
    // Where the stored credentials go, and whether they are still there.
    provider: (await get(superadmin, `/api/admin/providers/${f.providerId}`)).body,
    mcp: mcpState((await get(superadmin, `/api/admin/mcp-servers/${f.mcpServerId}`)).body),
    // Queued and running are one state here: the worker may start meanwhile; stopped is another.
    task: f.coordinatorThreadId && (await taskState(f)),
    sharedMcp: mcpState((await get(superadmin, `/api/admin/mcp-servers/${f.sharedMcpServerId}`)).body),
  };
}

const LEAKS = ["secret answer", "Private question", "Owner's agent", "Owner's knowledge", "owner token"];

// Each case mints a token for the owner; revoke it afterwards so the per-user cap never bites.
let lastTokenId: string | null = null;
test.afterEach(async () => {
  if (lastTokenId) await actors.owner.delete(`/api/tokens/${lastTokenId}`);
  lastTokenId = null;
});

for (const c of ISOLATION_CASES) {
  test(`${c.method} ${c.route}${c.label ? ` (${c.label})` : ""}`, async () => {
    const f = await freshFixtures();
    if (c.withTask) Object.assign(f, await delegatedTaskFixture());
    lastTokenId = f.tokenId;
    const before = await snapshot(f);
    const order: IsolationActor[] = ["anonymous", "otherUser", "otherAdmin", "owner"];
    for (const actor of order) {
      if (actor === "owner") {
        // Nobody else may have changed anything the owner has.
        const everyoneRefused = (["anonymous", "otherUser", "otherAdmin"] as const).every((a) => c.expect[a] >= 400);
        if (everyoneRefused) expect(await snapshot(f)).toEqual(before);
      }
      const res = await actors[actor].fetch(c.url(f), {
        method: c.method,
        ...(c.body ? { data: c.body(f) } : {}),
        ...(c.multipart ? { multipart: c.multipart(f) } : {}),
        maxRedirects: 0,
      });
      const text = await res.text();
      expect(res.status(), `${actor}: ${text.slice(0, 300)}`).toBe(c.expect[actor]);
      if (actor !== "owner" && res.status() >= 400) {
        for (const leak of LEAKS) expect(text, `${actor} saw "${leak}"`).not.toContain(leak);
        if (!c.publicBecause && res.headers()["content-type"]?.includes("json")) {
          expect(JSON.parse(text)).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
        }
      }
    }
  });
}

test("another user never sees the owner's thread, agent or knowledge base listed", async () => {
  const f = await freshFixtures();
  for (const actor of ["otherUser", "otherAdmin"] as const) {
    const threads = (await (await actors[actor].get("/api/threads")).json()) as { id: string }[];
    expect(threads.map((t) => t.id)).not.toContain(f.threadId);
    const agents = (await (await actors[actor].get("/api/agents?manage=1")).json()) as { id: string }[];
    expect(agents.map((a) => a.id)).not.toContain(f.agentId);
    const kbs = (await (await actors[actor].get("/api/kbs")).json()) as { id: string }[];
    expect(kbs.map((k) => k.id)).not.toContain(f.kbId);
  }
});
