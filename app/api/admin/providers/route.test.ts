import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { startMockLlmServer, type MockLlmServer } from "@/lib/testing/scripted-model";
import type { Actor } from "@/lib/identity/actor";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const list = await import("./route");
const one = await import("./[id]/route");
const test = await import("./[id]/test/route");
const refresh = await import("./[id]/models/refresh/route");

const KEY = "sk-route-test-key-000000-k3y9";
let mock: MockLlmServer;
let root: Actor;
let admin: Actor;
let member: Actor;

beforeAll(async () => {
  mock = await startMockLlmServer({ models: ["mock-chat", "vendor/mock-big:1", "mock-embedding"], apiKey: KEY });
  await createTestDatabase();
  root = await insertTestUser({ role: "superadmin" });
  admin = await insertTestUser({ role: "admin" });
  member = await insertTestUser({ role: "user" });
});
afterAll(async () => {
  await destroyTestDatabase();
  await mock.close();
});

const as = (actor: Actor | null) =>
  auth.mockResolvedValue(
    actor ? { user: { id: actor.id, name: actor.username, role: actor.role }, expires: "" } : null,
  );
const URL_BASE = "http://localhost:3100/api/admin/providers";
const json = (method: string, body: unknown, url = URL_BASE) =>
  new Request(url, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const mockProvider = { id: "mockprov", name: "Scripted", apiKey: KEY };

describe("access", () => {
  it("401 signed out and 403 for a plain user on every route", async () => {
    for (const [actor, status] of [
      [null, 401],
      [member, 403],
    ] as const) {
      as(actor);
      const responses = [
        await list.GET(new Request(URL_BASE)),
        await list.POST(json("POST", { id: "nope", name: "n", baseUrl: "http://x/v1" })),
        await one.GET(new Request(`${URL_BASE}/x`), ctx("x")),
        await one.PATCH(json("PATCH", { enabled: false }), ctx("x")),
        await one.DELETE(new Request(`${URL_BASE}/x`, { method: "DELETE" }), ctx("x")),
        await test.POST(new Request(`${URL_BASE}/x/test`, { method: "POST" }), ctx("x")),
        await refresh.POST(new Request(`${URL_BASE}/x/models/refresh`, { method: "POST" }), ctx("x")),
      ];
      expect(responses.map((r) => r.status)).toEqual(Array(7).fill(status));
    }
  });
});

describe("a department admin", () => {
  it("lists and tests, but gets 403 forbidden:provider on create, change, delete and model refresh", async () => {
    as(root);
    expect((await list.POST(json("POST", { ...mockProvider, id: "rootprov", baseUrl: mock.url }))).status).toBe(201);
    as(admin);
    const writes = [
      await list.POST(json("POST", { id: "adminprov", name: "n", baseUrl: "http://127.0.0.1:9/v1" })),
      await one.PATCH(json("PATCH", { baseUrl: "http://127.0.0.1:9/v1" }), ctx("rootprov")),
      await one.DELETE(new Request(`${URL_BASE}/rootprov`, { method: "DELETE" }), ctx("rootprov")),
      await refresh.POST(new Request(`${URL_BASE}/rootprov/models/refresh`, { method: "POST" }), ctx("rootprov")),
    ];
    for (const res of writes) expect([res.status, (await errorOf(res)).code]).toEqual([403, "forbidden:provider"]);
    const listed = await list.GET(new Request(URL_BASE));
    expect(await listed.json()).toEqual([
      expect.objectContaining({ id: "rootprov", baseUrl: mock.url, hasKey: true, keyHint: null }),
    ]);
    const probe = await test.POST(new Request(`${URL_BASE}/rootprov/test`, { method: "POST" }), ctx("rootprov"));
    expect(await probe.json()).toMatchObject({ ok: true });
    as(root);
    expect((await one.DELETE(new Request(`${URL_BASE}/rootprov`, { method: "DELETE" }), ctx("rootprov"))).status).toBe(
      204,
    );
  });
});

describe("the superadmin's flow over the routes", () => {
  it("create (201, no key in the answer), test, fetch models, enable one, list", async () => {
    as(root);
    const created = await list.POST(json("POST", { ...mockProvider, baseUrl: mock.url }));
    expect(created.status).toBe(201);
    const createdText = await created.text();
    expect(createdText).not.toContain(KEY);
    expect(JSON.parse(createdText)).toMatchObject({ id: "mockprov", hasKey: true, keyHint: "sk-…k3y9", models: [] });

    const probe = await test.POST(new Request(`${URL_BASE}/mockprov/test`, { method: "POST" }), ctx("mockprov"));
    expect(probe.status).toBe(200);
    expect(await probe.json()).toMatchObject({
      ok: true,
      models: ["mock-chat", "mock-embedding", "vendor/mock-big:1"],
    });

    const fetched = await refresh.POST(
      new Request(`${URL_BASE}/mockprov/models/refresh`, { method: "POST" }),
      ctx("mockprov"),
    );
    const body = (await fetched.json()) as {
      added: string[];
      provider: { models: { id: string; type: string; enabled: boolean }[] };
    };
    expect(body.added).toHaveLength(3);
    expect(body.provider.models.every((m) => !m.enabled)).toBe(true);
    expect(body.provider.models.find((m) => m.id === "mock-embedding")?.type).toBe("embedding");

    const models = body.provider.models.map((m) => ({ ...m, enabled: m.id === "vendor/mock-big:1" }));
    const patched = await one.PATCH(json("PATCH", { models }), ctx("mockprov"));
    expect(patched.status).toBe(200);

    const again = await refresh.POST(
      new Request(`${URL_BASE}/mockprov/models/refresh`, { method: "POST" }),
      ctx("mockprov"),
    );
    const kept = (await again.json()) as typeof body;
    expect(kept.added).toEqual([]);
    expect(kept.provider.models.find((m) => m.id === "vendor/mock-big:1")?.enabled).toBe(true);

    const listed = await list.GET(new Request(URL_BASE));
    const text = await listed.text();
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text)).toEqual([expect.objectContaining({ id: "mockprov", hasKey: true })]);
  });

  it("the test route reports a wrong key as a failed check (200), the refresh route as 502", async () => {
    as(root);
    await list.POST(
      json("POST", { ...mockProvider, id: "wrongkey", baseUrl: mock.url, apiKey: "sk-not-the-right-one-0000" }),
    );
    const probe = await test.POST(new Request(`${URL_BASE}/wrongkey/test`, { method: "POST" }), ctx("wrongkey"));
    expect(probe.status).toBe(200);
    expect(await probe.json()).toMatchObject({ ok: false, error: { kind: "unauthorized", status: 401 } });
    const fetched = await refresh.POST(
      new Request(`${URL_BASE}/wrongkey/models/refresh`, { method: "POST" }),
      ctx("wrongkey"),
    );
    expect(fetched.status).toBe(502);
    expect(await errorOf(fetched)).toMatchObject({
      code: "bad_gateway:provider",
      message: expect.stringMatching(/API key/),
    });
  });

  it("400 naming a bad override key; 404 for an unknown id; delete 204", async () => {
    as(root);
    const bad = await one.PATCH(json("PATCH", { requestOverrides: { top_p: 0.5 } }), ctx("mockprov"));
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toContain('"top_p"');
    expect((await one.GET(new Request(`${URL_BASE}/missing`), ctx("missing"))).status).toBe(404);
    expect((await one.DELETE(new Request(`${URL_BASE}/wrongkey`, { method: "DELETE" }), ctx("wrongkey"))).status).toBe(
      204,
    );
    expect((await one.GET(new Request(`${URL_BASE}/wrongkey`), ctx("wrongkey"))).status).toBe(404);
  });
});
