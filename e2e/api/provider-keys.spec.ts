import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "../test";
import { createUser, signIn, signInAsAdmin } from "../helpers/auth";
import { createDepartment, expectError, uniqueName } from "../helpers/org";

/**
 * Stored provider keys and MCP headers over real HTTP: only the superadmin
 * writes providers; moving a provider or an MCP server to another origin leaves its stored
 * credentials behind; connection tests never repeat what the upstream answered. Tiny local
 * listeners stand in for the servers and record every request header that reaches them.
 */

const KEY = "sk-e2e-provider-secret-0000-k3y1";
const SECRET = "db_password=internal-only-hunter2";

type Seen = { method: string; path: string; authorization: string | undefined };
type Answer = { status: number; type: string; body: string };
type Listener = { url: (path: string) => string; seen: Seen[]; close: () => Promise<void> };

const NOT_FOUND: Answer = { status: 404, type: "text/plain", body: "nothing here" };

/** An HTTP server on a free port of 127.0.0.1 (the app runs on this machine too). */
async function listen(answer: (req: http.IncomingMessage) => Answer = () => NOT_FOUND): Promise<Listener> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization });
    req.resume();
    const { status, type, body } = answer(req);
    res.writeHead(status, { "content-type": type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${origin}${path}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let root: APIRequestContext;
let adminApi: APIRequestContext;
let coAdminApi: APIRequestContext;
let memberApi: APIRequestContext;
const listeners: Listener[] = [];
const providerIds: string[] = [];

test.beforeAll(async ({ baseURL }) => {
  root = await signInAsAdmin(baseURL!);
  const dept = await createDepartment(root);
  const admin = await createUser(root, { role: "admin", departmentId: dept.id });
  const coAdmin = await createUser(root, { role: "admin", departmentId: dept.id });
  const member = await createUser(root, { departmentId: dept.id });
  adminApi = await signIn(baseURL!, admin.username, admin.password);
  coAdminApi = await signIn(baseURL!, coAdmin.username, coAdmin.password);
  memberApi = await signIn(baseURL!, member.username, member.password);
});

test.afterAll(async () => {
  for (const id of providerIds) await root.delete(`/api/admin/providers/${id}`);
  await Promise.all(listeners.map((l) => l.close()));
  await Promise.all([root, adminApi, coAdminApi, memberApi].map((c) => c?.dispose()));
});

async function tracked(answer?: (req: http.IncomingMessage) => Answer): Promise<Listener> {
  const listener = await listen(answer);
  listeners.push(listener);
  return listener;
}

async function createProvider(baseUrl: string, extra: Record<string, unknown> = {}): Promise<string> {
  const id = uniqueName("keys").toLowerCase().slice(0, 40);
  const res = await root.post("/api/admin/providers", {
    data: { id, name: "Keyed provider", baseUrl, apiKey: KEY, models: [], ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  providerIds.push(id);
  return id;
}

test("a department admin reads providers without key hints and may test, but every provider write is 403 forbidden:provider", async () => {
  const home = await tracked();
  const attacker = await tracked();
  const id = await createProvider(home.url("/v1"));
  const before = await (await root.get(`/api/admin/providers/${id}`)).json();

  await expectError(
    await adminApi.post("/api/admin/providers", {
      data: { id: uniqueName("mine").toLowerCase().slice(0, 40), name: "Mine", baseUrl: attacker.url("/v1") },
    }),
    403,
    "forbidden:provider",
  );
  await expectError(
    await adminApi.patch(`/api/admin/providers/${id}`, { data: { baseUrl: attacker.url("/v1") } }),
    403,
    "forbidden:provider",
  );
  await expectError(
    await adminApi.patch(`/api/admin/providers/${id}`, { data: { enabled: false } }),
    403,
    "forbidden:provider",
  );
  await expectError(await adminApi.delete(`/api/admin/providers/${id}`), 403, "forbidden:provider");
  await expectError(await adminApi.post(`/api/admin/providers/${id}/models/refresh`), 403, "forbidden:provider");
  await expectError(
    await memberApi.patch(`/api/admin/providers/${id}`, { data: { baseUrl: attacker.url("/v1") } }),
    403,
    "forbidden:auth",
  );
  expect(await (await root.get(`/api/admin/providers/${id}`)).json()).toEqual(before);

  // Reading: hasKey, never the key nor its hint.
  const listText = await (await adminApi.get("/api/admin/providers")).text();
  expect(listText).not.toContain(KEY);
  expect(listText).not.toContain("k3y1");
  expect((JSON.parse(listText) as { id: string }[]).find((p) => p.id === id)).toMatchObject({
    hasKey: true,
    keyHint: null,
  });
  expect(await (await root.get(`/api/admin/providers/${id}`)).json()).toMatchObject({ keyHint: "sk-…k3y1" });

  // The test runs against the superadmin's settings; nothing ever went to the attacker's server.
  expect((await adminApi.post(`/api/admin/providers/${id}/test`)).status()).toBe(200);
  expect(home.seen.length).toBeGreaterThan(0);
  expect(attacker.seen).toEqual([]);
});

test("the superadmin moving a provider to another origin drops its key; a new path on the same origin keeps it", async () => {
  const home = await tracked();
  const elsewhere = await tracked();
  const id = await createProvider(home.url("/v1"));

  const samePlace = await root.patch(`/api/admin/providers/${id}`, { data: { baseUrl: home.url("/proxy/v1") } });
  expect(await samePlace.json()).toMatchObject({ baseUrl: home.url("/proxy/v1"), hasKey: true });
  expect((await root.post(`/api/admin/providers/${id}/test`)).status()).toBe(200);
  expect(home.seen).toContainEqual({ method: "GET", path: "/proxy/v1/models", authorization: `Bearer ${KEY}` });

  const moved = await root.patch(`/api/admin/providers/${id}`, { data: { baseUrl: elsewhere.url("/v1") } });
  expect(await moved.json()).toMatchObject({ baseUrl: elsewhere.url("/v1"), hasKey: false, keyHint: null });
  expect((await root.post(`/api/admin/providers/${id}/test`)).status()).toBe(200);
  expect(elsewhere.seen.map((s) => s.path)).toContain("/v1/models");
  expect(elsewhere.seen.filter((s) => s.authorization !== undefined)).toEqual([]);

  // A key sent with the move is the new server's own.
  const rekeyed = await root.patch(`/api/admin/providers/${id}`, {
    data: { baseUrl: home.url("/v1"), apiKey: "sk-e2e-second-key-0000-n3w2" },
  });
  expect(await rekeyed.json()).toMatchObject({ hasKey: true, keyHint: "sk-…n3w2" });
  home.seen.length = 0;
  await root.post(`/api/admin/providers/${id}/test`);
  expect(home.seen.map((s) => s.authorization)).toContain("Bearer sk-e2e-second-key-0000-n3w2");
});

test("the provider connection test reports a fixed explanation, never the upstream's answer", async () => {
  const answers: Answer[] = [
    { status: 401, type: "application/json", body: JSON.stringify({ error: { message: SECRET } }) },
    { status: 500, type: "text/plain", body: `stack trace: ${SECRET}` },
    { status: 404, type: "application/json", body: JSON.stringify({ detail: SECRET }) },
  ];
  for (const answer of answers) {
    const upstream = await tracked(() => answer);
    const id = await createProvider(upstream.url("/v1"));
    const res = await adminApi.post(`/api/admin/providers/${id}/test`);
    const text = await res.text();
    expect(res.status(), text).toBe(200);
    expect(JSON.parse(text)).toMatchObject({
      ok: false,
      error: { status: answer.status, message: expect.any(String) },
    });
    expect(text).not.toContain("internal-only");
  }
  // A 200 stream that carries an error: the chat check fails, in our words.
  const streaming = await tracked((req) =>
    req.url?.endsWith("/models")
      ? { status: 200, type: "application/json", body: JSON.stringify({ data: [{ id: "m" }] }) }
      : { status: 200, type: "text/event-stream", body: `data: ${JSON.stringify({ error: { message: SECRET } })}\n\n` },
  );
  // The provider stays switched off, so chats keep the demo model; the test still checks its model.
  const id = await createProvider(streaming.url("/v1"), {
    enabled: false,
    models: [{ id: "m", type: "chat", contextWindow: 8000, enabled: true }],
  });
  const text = await (await adminApi.post(`/api/admin/providers/${id}/test`)).text();
  expect(JSON.parse(text)).toMatchObject({
    ok: false,
    chat: { ok: false, model: "m", error: { kind: "invalid_response" } },
  });
  expect(text).not.toContain("internal-only");
});

async function createMcpServer(api: APIRequestContext, url: string, departmentId?: string): Promise<string> {
  const sharing = departmentId
    ? { read: { departmentIds: [departmentId] }, manage: { departmentIds: [departmentId] } }
    : undefined;
  const res = await api.post("/api/admin/mcp-servers", {
    data: {
      name: uniqueName("keys").replace(/-/g, "_"),
      transport: "streamable_http",
      url,
      headers: [{ name: "Authorization", value: "Bearer mcp-owner-secret" }],
      ...(sharing ? { sharing } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test("moving an MCP server to another origin drops its stored headers unless new ones come with the request", async () => {
  const home = await tracked();
  const collector = await tracked();
  const departmentId = ((await (await adminApi.get("/api/admin/departments")).json()) as { id: string }[])[0]!.id;
  // One admin registers it and lets the department's admins manage it; another of them moves it.
  const id = await createMcpServer(adminApi, home.url("/mcp"), departmentId);

  const samePlace = await coAdminApi.patch(`/api/admin/mcp-servers/${id}`, { data: { url: home.url("/v2/mcp") } });
  expect(await samePlace.json()).toMatchObject({ headerNames: ["Authorization"] });
  await coAdminApi.post(`/api/admin/mcp-servers/${id}/test`);
  expect(home.seen.map((s) => s.authorization)).toContain("Bearer mcp-owner-secret");

  // Naming the header without a value would carry the stored value along: refused, nothing moves.
  await expectError(
    await coAdminApi.patch(`/api/admin/mcp-servers/${id}`, {
      data: { url: collector.url("/mcp"), headers: [{ name: "Authorization" }] },
    }),
    400,
    "bad_request:mcp",
  );
  const moved = await coAdminApi.patch(`/api/admin/mcp-servers/${id}`, { data: { url: collector.url("/mcp") } });
  expect(await moved.json()).toMatchObject({ url: collector.url("/mcp"), headerNames: [] });
  expect((await coAdminApi.post(`/api/admin/mcp-servers/${id}/test`)).status()).toBe(200);
  expect(collector.seen.length).toBeGreaterThan(0);
  expect(collector.seen.filter((s) => s.authorization !== undefined)).toEqual([]);

  // New headers sent with the move are kept and used.
  const rekeyed = await coAdminApi.patch(`/api/admin/mcp-servers/${id}`, {
    data: { url: home.url("/mcp"), headers: [{ name: "Authorization", value: "Bearer mcp-new-secret" }] },
  });
  expect(await rekeyed.json()).toMatchObject({ headerNames: ["Authorization"] });
  home.seen.length = 0;
  await coAdminApi.post(`/api/admin/mcp-servers/${id}/test`);
  expect(home.seen.map((s) => s.authorization)).toContain("Bearer mcp-new-secret");
  expect((await coAdminApi.delete(`/api/admin/mcp-servers/${id}`)).status()).toBe(204);
});

test("the MCP connection test never repeats the upstream's answer", async () => {
  const answers: Answer[] = [
    { status: 200, type: "application/json", body: `${SECRET} is not JSON` },
    {
      status: 200,
      type: "application/json",
      body: JSON.stringify({ jsonrpc: "2.0", id: 0, error: { code: -32000, message: SECRET } }),
    },
    { status: 500, type: "text/plain", body: SECRET },
  ];
  for (const answer of answers) {
    const upstream = await tracked(() => answer);
    const id = await createMcpServer(root, upstream.url("/mcp"));
    for (const path of ["test", "refresh"]) {
      const res = await root.post(`/api/admin/mcp-servers/${id}/${path}`);
      const text = await res.text();
      expect([200, 502], text).toContain(res.status());
      expect(text).not.toContain("internal-only");
    }
    expect(await (await root.post(`/api/admin/mcp-servers/${id}/test`)).json()).toMatchObject({
      ok: false,
      error: expect.any(String),
    });
    expect((await root.delete(`/api/admin/mcp-servers/${id}`)).status()).toBe(204);
  }
});
