import { expect, test, type APIRequestContext } from "../test";
import { createUser, signIn, signInAsAdmin } from "../helpers/auth";
import { createTrustedAgent } from "../helpers/files";
import { mock, parseSse, scriptMarker, sendChat } from "../helpers/chat";
import { startTestMcpServer, type TestMcpServer } from "../../lib/testing/mcp-server";

/**
 * Approval modes over real HTTP: with the default agent (`default` mode) an MCP
 * tool its server marks readOnlyHint runs at once, one without it waits for approval and runs
 * only once approved; an admin's `trust` agent runs it unasked (the superadmin may use every
 * server). The server is shared with the member alone, so the chats of specs running beside this
 * one never get its tools, and deleted at the end.
 */
const NAME = `e2e_crm_${Date.now().toString(36)}`;
const readableBy = (userId: string) => ({
  read: { global: false, departmentIds: [], userIds: [userId] },
  manage: { global: false, departmentIds: [], userIds: [] },
});
type Interrupt = { kind: string; actions: { name: string; args: Record<string, unknown> }[] };

let mcp: TestMcpServer;
let admin: APIRequestContext;
let member: APIRequestContext;
let serverId: string;

test.beforeAll(async ({ baseURL }) => {
  mcp = await startTestMcpServer({ tools: ["lookup_city", "export_rows"] });
  admin = await signInAsAdmin(baseURL!);
  const user = await createUser(admin);
  member = await signIn(baseURL!, user.username, user.password);
  const created = await admin.post("/api/admin/mcp-servers", {
    data: { name: NAME, url: mcp.httpUrl, sharing: readableBy(user.id) },
  });
  expect(created.status(), await created.text()).toBe(201);
  serverId = ((await created.json()) as { id: string }).id;
  const refreshed = await admin.post(`/api/admin/mcp-servers/${serverId}/refresh`);
  expect(refreshed.status(), await refreshed.text()).toBe(200);
});

test.afterAll(async () => {
  if (serverId) expect((await admin.delete(`/api/admin/mcp-servers/${serverId}`)).status()).toBe(204);
  await Promise.all([admin?.dispose(), member?.dispose()]);
  await mcp?.close();
});

const lookup = { name: `${NAME}__lookup_city`, args: { name: "Paris" } };
const exportRows = { name: `${NAME}__export_rows`, args: { count: 2 } };

test("default mode: the read-only MCP tool runs, the other waits for approval and runs only once approved", async () => {
  const key = `e2e-approvals-${Date.now()}`;
  await mock.script(key, [{ toolCalls: [lookup] }, { toolCalls: [exportRows] }, { text: "Exported the rows." }]);
  const before = mcp.calls.length;
  const threadId = crypto.randomUUID();
  const { events, run } = await sendChat(member, threadId, `Export the CRM rows ${scriptMarker(key)}`);

  expect(run.status).toBe("interrupted");
  const form = events.filter((e) => e.type === "data-interrupt").at(-1)?.data as Interrupt;
  expect(form.kind).toBe("approval");
  expect(form.actions.map((a) => a.name)).toEqual([exportRows.name]);
  expect(mcp.calls.slice(before).map((c) => c.tool)).toEqual(["lookup_city"]);

  const resumed = await member.post(`/api/runs/${run.runId}/resume`, { data: { decisions: [{ type: "approve" }] } });
  expect(resumed.status(), await resumed.text().catch(() => "")).toBe(200);
  const after = parseSse(await resumed.text());
  expect((after.filter((e) => e.type === "data-run").at(-1)?.data as { status: string }).status).toBe("completed");
  expect(mcp.calls.slice(before).map((c) => c.tool)).toEqual(["lookup_city", "export_rows"]);
  const tools = (
    (await mock.requests(key)).at(-1)!.body as { messages: { role: string; content: string }[] }
  ).messages.filter((m) => m.role === "tool");
  expect(tools.map((m) => String(m.content).split("\n")[0])).toEqual([
    '{"name":"Paris","country":"France","population":2102650}',
    "id,name,value",
  ]);
});

test("an admin's trust agent runs the MCP tool without asking", async () => {
  const agent = await createTrustedAgent(admin);
  const key = `e2e-approvals-trust-${Date.now()}`;
  await mock.script(key, [{ toolCalls: [exportRows] }, { text: "Exported." }]);
  const before = mcp.calls.length;
  const { events, run } = await sendChat(admin, crypto.randomUUID(), `Export ${scriptMarker(key)}`, {
    agentId: agent.id,
  });
  expect(run.status).toBe("completed");
  expect(events.some((e) => e.type === "data-interrupt")).toBe(false);
  expect(mcp.calls.slice(before).map((c) => c.tool)).toEqual(["export_rows"]);
});
