import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { startTestMcpServer, type TestMcpServer } from "@/lib/testing/mcp-server";
import type { Actor } from "@/lib/identity/actor";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const collection = await import("./route");
const item = await import("./[id]/route");
const testRoute = await import("./[id]/test/route");
const refreshRoute = await import("./[id]/refresh/route");
const toolRoute = await import("./[id]/tools/[toolName]/route");

let mcp: TestMcpServer;
let owner: Actor; // the superadmin, who registers the server and shares it with department A
let reader: Actor; // an admin of department A: may read it, not change it
let otherAdmin: Actor; // an admin of department B
let member: Actor; // a plain user of department A: the admin API is not theirs

const BASE = "http://localhost:3100/api/admin/mcp-servers";
const as = (actor: Actor | null) =>
  auth.mockResolvedValue(
    actor ? { user: { id: actor.id, name: actor.username, role: actor.role }, expires: "" } : null,
  );
const json = (method: string, body?: unknown) =>
  new Request(BASE, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

let serverId: string;

beforeAll(async () => {
  vi.stubEnv("ENCRYPTION_KEY", "mcp-routes-test-key");
  await createTestDatabase();
  const deptA = await insertTestDepartment();
  const deptB = await insertTestDepartment();
  owner = await insertTestUser({ role: "superadmin" });
  reader = await insertTestUser({ role: "admin", departmentId: deptA });
  otherAdmin = await insertTestUser({ role: "admin", departmentId: deptB });
  member = await insertTestUser({ role: "user", departmentId: deptA });
  mcp = await startTestMcpServer({ requireHeaders: { authorization: "Bearer route-secret" } });
  as(owner);
  const res = await collection.POST(
    json("POST", {
      name: "routes",
      url: mcp.httpUrl,
      headers: [{ name: "Authorization", value: "Bearer route-secret" }],
      sharing: { read: { departmentIds: [deptA] } },
    }),
  );
  expect(res.status).toBe(201);
  const created = (await res.json()) as { id: string; tools: { name: string }[]; toolsError?: unknown };
  serverId = created.id;
  // Registering lists the tools at once: no Refresh needed.
  expect(created.tools.map((t) => t.name)).toContain("add");
  expect(created.toolsError).toBeUndefined();
});
afterAll(async () => {
  await mcp.close();
  await destroyTestDatabase();
  vi.unstubAllEnvs();
});

/** Every route of the API, as the isolation table walks them. */
const routes = () => [
  { name: "GET item", call: () => item.GET(json("GET"), ctx({ id: serverId })) },
  { name: "PATCH item", call: () => item.PATCH(json("PATCH", { description: "taken over" }), ctx({ id: serverId })) },
  { name: "DELETE item", call: () => item.DELETE(json("DELETE"), ctx({ id: serverId })) },
  { name: "test", call: () => testRoute.POST(json("POST"), ctx({ id: serverId })) },
  { name: "refresh", call: () => refreshRoute.POST(json("POST"), ctx({ id: serverId })) },
  {
    name: "tool toggle",
    call: () => toolRoute.PATCH(json("PATCH", { enabled: false }), ctx({ id: serverId, toolName: "add" })),
  },
];

describe("/api/admin/mcp-servers", () => {
  it("the owner tests, refreshes and toggles a tool; headers never come back", async () => {
    as(owner);
    const tested = (await (await testRoute.POST(json("POST"), ctx({ id: serverId }))).json()) as {
      ok: boolean;
      tools: { name: string }[];
    };
    expect(tested).toMatchObject({ ok: true });
    expect(tested.tools.map((t) => t.name)).toContain("add");
    const refreshed = await refreshRoute.POST(json("POST"), ctx({ id: serverId }));
    expect(refreshed.status).toBe(200);
    const toggled = await toolRoute.PATCH(json("PATCH", { enabled: false }), ctx({ id: serverId, toolName: "add" }));
    const body = (await toggled.json()) as { tools: { name: string; enabled: boolean }[]; headerNames: string[] };
    expect(body.tools.find((t) => t.name === "add")?.enabled).toBe(false);
    expect(body.headerNames).toEqual(["Authorization"]);
    const listed = await (await collection.GET(json("GET"))).text();
    expect(listed).not.toContain("route-secret");
  });

  it("a server that cannot be reached is still registered, and the answer says why its tools are missing", async () => {
    as(owner);
    const res = await collection.POST(json("POST", { name: "down", url: "http://127.0.0.1:9/mcp" }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; tools: unknown[]; toolsError?: { code: string; message: string } };
    expect(body.tools).toEqual([]);
    expect(body.toolsError).toMatchObject({ code: "bad_gateway:mcp", message: expect.stringContaining("down") });
    // Moving it to a server that answers lists the tools in the same request; an edit that sends
    // the same address and headers back (as the form does) with a new description does not.
    const moved = await item.PATCH(
      json("PATCH", { url: mcp.httpUrl, headers: [{ name: "Authorization", value: "Bearer route-secret" }] }),
      ctx({ id: body.id }),
    );
    const after = (await moved.json()) as { tools: { name: string }[]; toolsError?: unknown };
    expect(after.tools.map((t) => t.name)).toContain("add");
    expect(after.toolsError).toBeUndefined();
    const renamed = (await (
      await item.PATCH(
        json("PATCH", {
          description: "renamed",
          url: mcp.httpUrl,
          transport: "streamable_http",
          headers: [{ name: "Authorization" }],
        }),
        ctx({ id: body.id }),
      )
    ).json()) as { toolsRefreshedAt: string };
    expect(renamed.toolsRefreshedAt).toBe((after as unknown as { toolsRefreshedAt: string }).toolsRefreshedAt);
    await item.DELETE(json("DELETE"), ctx({ id: body.id }));
  });

  it("a failed test is a 200 with ok false and a reason", async () => {
    as(owner);
    await item.PATCH(json("PATCH", { headers: [] }), ctx({ id: serverId }));
    const res = await testRoute.POST(json("POST"), ctx({ id: serverId }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: false, error: expect.stringMatching(/HTTP 401/) });
    const refresh = await refreshRoute.POST(json("POST"), ctx({ id: serverId }));
    expect(refresh.status).toBe(502);
    expect(await codeOf(refresh)).toBe("bad_gateway:mcp");
    await item.PATCH(
      json("PATCH", { headers: [{ name: "Authorization", value: "Bearer route-secret" }] }),
      ctx({ id: serverId }),
    );
  });

  it("an admin of the shared department reads it (no URL) but every write is 403 forbidden:mcp", async () => {
    as(reader);
    const view = (await (await item.GET(json("GET"), ctx({ id: serverId }))).json()) as Record<string, unknown>;
    expect(view).toMatchObject({ name: "routes", access: "read" });
    expect(view).not.toHaveProperty("url");
    for (const r of routes().filter((r) => r.name !== "GET item")) {
      const res = await r.call();
      expect(res.status, r.name).toBe(403);
      expect(await codeOf(res), r.name).toBe("forbidden:mcp");
    }
  });

  it("an admin of another department gets 404 everywhere and sees nothing listed", async () => {
    as(otherAdmin);
    for (const r of routes()) {
      const res = await r.call();
      expect(res.status, r.name).toBe(404);
      expect(await codeOf(res), r.name).toBe("not_found:mcp");
    }
    expect(await (await collection.GET(json("GET"))).json()).toEqual([]);
  });

  it("a plain user, even one the server is shared with, gets 403 forbidden:auth from the whole admin API", async () => {
    as(member);
    for (const r of [
      ...routes(),
      { name: "GET list", call: () => collection.GET(json("GET")) },
      { name: "POST", call: () => collection.POST(json("POST", { name: "by-member", url: mcp.httpUrl })) },
    ]) {
      const res = await r.call();
      expect(res.status, r.name).toBe(403);
      expect(await codeOf(res), r.name).toBe("forbidden:auth");
    }
  });

  it("anonymous: 401 everywhere", async () => {
    as(null);
    for (const r of [...routes(), { name: "GET list", call: () => collection.GET(json("GET")) }]) {
      const res = await r.call();
      expect(res.status, r.name).toBe(401);
    }
  });

  it("an admin registers their own server: 201, managed by them", async () => {
    as(reader);
    const res = await collection.POST(json("POST", { name: "readers-own", url: mcp.httpUrl }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: "readers-own", access: "manage", ownerId: reader.id });
  });

  it("400 naming the field for a bad name, URL, transport or header", async () => {
    as(owner);
    for (const [body, field] of [
      [{ name: "bad name", url: mcp.httpUrl }, "name"],
      [{ name: "ok", url: "ftp://example.com" }, "url"],
      [{ name: "ok", url: mcp.httpUrl, transport: "stdio" }, "transport"],
      [{ name: "ok", url: mcp.httpUrl, headers: [{ name: "Accept", value: "x" }] }, "headers"],
    ] as const) {
      const res = await collection.POST(json("POST", body));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(field);
    }
    const empty = await item.PATCH(json("PATCH", {}), ctx({ id: serverId }));
    expect(empty.status).toBe(400);
  });

  it("the owner deletes it; then it is 404", async () => {
    as(owner);
    expect((await item.DELETE(json("DELETE"), ctx({ id: serverId }))).status).toBe(204);
    expect((await item.GET(json("GET"), ctx({ id: serverId }))).status).toBe(404);
  });
});
