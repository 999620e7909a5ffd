import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { getDb } from "@/lib/db/client";
import { providers } from "@/lib/db/schema";
import { decryptSecret } from "@/lib/config/crypto";
import { ApiError } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/identity/actor";
import {
  createProvider,
  deleteProvider,
  getProvider,
  listProviders,
  refreshProviderModels,
  testProvider,
  updateProvider,
} from "./admin-providers";
import { syncEnvProvider } from "./env-provider";

const KEY = "sk-test-0123456789abcdef-wxyz";
let superadmin: Actor;
let admin: Actor;
let member: Actor;
const envBefore = { ...process.env };

beforeAll(async () => {
  await createTestDatabase();
  superadmin = await insertTestUser({ role: "superadmin" });
  admin = await insertTestUser({ role: "admin" });
  member = await insertTestUser({ role: "user" });
});
afterAll(destroyTestDatabase);
afterEach(() => {
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL"]) {
    if (envBefore[name] === undefined) delete process.env[name];
    else process.env[name] = envBefore[name];
  }
});

let seq = 0;
const newId = () => `prov-${++seq}`;
const base = (id = newId()) => ({ id, name: `Provider ${id}`, baseUrl: "https://api.example.com/v1" });

async function storedRow(id: string) {
  const [row] = await (await getDb()).select().from(providers).where(eq(providers.id, id));
  return row!;
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("who may manage providers", () => {
  it("a plain user gets 403 forbidden:auth from every operation", async () => {
    const { id } = await createProvider(superadmin, base());
    for (const call of [
      listProviders(member),
      getProvider(member, id),
      createProvider(member, base()),
      updateProvider(member, id, { enabled: false }),
      deleteProvider(member, id),
      testProvider(member, id),
      refreshProviderModels(member, id),
    ]) {
      const err = await apiError(call);
      expect([err.status, err.code]).toEqual([403, "forbidden:auth"]);
    }
    expect((await getProvider(superadmin, id)).enabled).toBe(true);
  });

  it("a department admin reads them without key hints, but every write is 403 forbidden:provider", async () => {
    const { id } = await createProvider(superadmin, { ...base(), apiKey: KEY });
    const before = await storedRow(id);
    for (const call of [
      createProvider(admin, base()),
      updateProvider(admin, id, { baseUrl: "https://attacker.example.net/v1" }),
      updateProvider(admin, id, { name: "Renamed", enabled: false }),
      deleteProvider(admin, id),
      refreshProviderModels(admin, id),
    ]) {
      const err = await apiError(call);
      expect([err.status, err.code]).toEqual([403, "forbidden:provider"]);
    }
    expect(await storedRow(id)).toEqual(before);
    const seen = [await getProvider(admin, id), ...(await listProviders(admin)).filter((p) => p.id === id)];
    for (const view of seen) expect(view).toMatchObject({ id, hasKey: true, keyHint: null });
    expect(JSON.stringify(seen)).not.toContain("wxyz");
  });

  it("the superadmin manages them and sees the key hint", async () => {
    const { id } = await createProvider(superadmin, { ...base(), apiKey: KEY });
    expect((await updateProvider(superadmin, id, { name: "Renamed" })).name).toBe("Renamed");
    expect((await listProviders(superadmin)).find((p) => p.id === id)).toMatchObject({
      name: "Renamed",
      keyHint: "sk-…wxyz",
    });
  });
});

describe("moving a provider to another origin", () => {
  it("drops the stored key unless a new one comes with the same request", async () => {
    const { id } = await createProvider(superadmin, { ...base(), apiKey: KEY });
    const moved = await updateProvider(superadmin, id, { baseUrl: "https://elsewhere.example.net/v1" });
    expect(moved).toMatchObject({ baseUrl: "https://elsewhere.example.net/v1", hasKey: false, keyHint: null });
    expect((await storedRow(id)).apiKeyEncrypted).toBeNull();

    const withKey = await updateProvider(superadmin, id, {
      baseUrl: "http://127.0.0.1:8000/v1",
      apiKey: "sk-new-server-key-0000-n3w1",
    });
    expect(withKey).toMatchObject({ hasKey: true, keyHint: "sk-…n3w1" });
    expect(decryptSecret((await storedRow(id)).apiKeyEncrypted!)).toBe("sk-new-server-key-0000-n3w1");

    // Another port is another origin too.
    expect((await updateProvider(superadmin, id, { baseUrl: "http://127.0.0.1:8001/v1" })).hasKey).toBe(false);
  });

  it("keeps the key for a new path, or a trailing slash, on the same origin", async () => {
    const { id } = await createProvider(superadmin, { ...base(), apiKey: KEY });
    for (const baseUrl of ["https://api.example.com/other/v1", "https://API.example.com:443/v2/"]) {
      expect(await updateProvider(superadmin, id, { baseUrl })).toMatchObject({ hasKey: true, keyHint: "sk-…wxyz" });
    }
    expect(decryptSecret((await storedRow(id)).apiKeyEncrypted!)).toBe(KEY);
  });
});

describe("API keys", () => {
  it("are encrypted at rest and never returned, only hasKey and a hint", async () => {
    const created = await createProvider(superadmin, { ...base(), apiKey: KEY });
    const row = await storedRow(created.id);
    expect(row.apiKeyEncrypted).not.toBeNull();
    expect(row.apiKeyEncrypted).not.toContain(KEY);
    expect(row.apiKeyEncrypted).not.toContain("wxyz");
    expect(decryptSecret(row.apiKeyEncrypted!)).toBe(KEY);
    expect(created).toMatchObject({ hasKey: true, keyHint: "sk-…wxyz" });
    for (const view of [created, await getProvider(superadmin, created.id), await listProviders(superadmin)]) {
      expect(JSON.stringify(view)).not.toContain(KEY);
      expect(JSON.stringify(view)).not.toContain(row.apiKeyEncrypted);
    }
  });

  it("stay when an update sends no key, are replaced by a new one, and cleared by null", async () => {
    const { id } = await createProvider(superadmin, { ...base(), apiKey: KEY });
    await updateProvider(superadmin, id, { name: "No key change" });
    expect(decryptSecret((await storedRow(id)).apiKeyEncrypted!)).toBe(KEY);

    const replaced = await updateProvider(superadmin, id, { apiKey: "sk-second-key-0000-abcd" });
    expect(replaced.keyHint).toBe("sk-…abcd");
    expect(decryptSecret((await storedRow(id)).apiKeyEncrypted!)).toBe("sk-second-key-0000-abcd");

    const cleared = await updateProvider(superadmin, id, { apiKey: null });
    expect(cleared).toMatchObject({ hasKey: false, keyHint: null });
    expect((await storedRow(id)).apiKeyEncrypted).toBeNull();
  });

  it("an undecryptable stored key is reported, not thrown", async () => {
    const { id } = await createProvider(superadmin, base());
    await (
      await getDb()
    )
      .update(providers)
      .set({ apiKeyEncrypted: "v1.garbage.garbage.garbage" })
      .where(eq(providers.id, id));
    expect(await getProvider(superadmin, id)).toMatchObject({ hasKey: true, keyHint: null, keyUnreadable: true });
  });
});

describe("rules", () => {
  it("rejects a bad id, the reserved demo id and a duplicate", async () => {
    expect((await apiError(createProvider(superadmin, { ...base(), id: "Bad_Id" }))).status).toBe(400);
    expect((await apiError(createProvider(superadmin, { ...base(), id: "demo" }))).message).toMatch(/reserved/);
    const { id } = await createProvider(superadmin, base());
    const dup = await apiError(createProvider(superadmin, base(id)));
    expect([dup.status, dup.code]).toEqual([409, "conflict:provider"]);
  });

  it("rejects request overrides outside the allowed keys, naming the key, on create and update", async () => {
    const onCreate = await apiError(createProvider(superadmin, { ...base(), requestOverrides: { temperature: 0 } }));
    expect([onCreate.status, onCreate.code]).toEqual([400, "bad_request:provider"]);
    expect(onCreate.message).toContain('"temperature"');
    const { id } = await createProvider(superadmin, { ...base(), requestOverrides: { enable_thinking: false } });
    const onUpdate = await apiError(
      updateProvider(superadmin, id, { requestOverrides: { enable_thinking: true, max_tokens: 10 } }),
    );
    expect(onUpdate.message).toContain('"max_tokens"');
    expect((await storedRow(id)).requestOverrides).toEqual({ enable_thinking: false });
  });

  it("rejects out-of-range context windows and keeps model ids with / and :", async () => {
    const bad = await apiError(
      createProvider(superadmin, { ...base(), models: [{ id: "m", type: "chat", contextWindow: 500, enabled: true }] }),
    );
    expect(bad.message).toContain("contextWindow");
    const models = [
      { id: "meta-llama/llama-3.1-8b", type: "chat" as const, contextWindow: 131_072, enabled: true },
      { id: "qwen2.5:7b", type: "chat" as const, contextWindow: 32_768, enabled: false },
    ];
    const created = await createProvider(superadmin, { ...base(), models });
    expect(created.models).toEqual(models);
  });

  it("404 for an unknown provider; enable and disable; delete", async () => {
    expect((await apiError(getProvider(superadmin, "nope-missing"))).code).toBe("not_found:provider");
    expect((await apiError(updateProvider(superadmin, "nope-missing", { enabled: true }))).status).toBe(404);
    const { id } = await createProvider(superadmin, base());
    expect((await updateProvider(superadmin, id, { enabled: false })).enabled).toBe(false);
    expect((await updateProvider(superadmin, id, { enabled: true })).enabled).toBe(true);
    await deleteProvider(superadmin, id);
    expect((await apiError(getProvider(superadmin, id))).status).toBe(404);
  });
});

describe("the env provider", () => {
  it("cannot be deleted, nor its URL or key edited, while env vars define it; other settings can", async () => {
    process.env.OPENAI_API_KEY = "sk-from-env-000000-zzzz";
    process.env.OPENAI_BASE_URL = "https://env.example.com/v1";
    await syncEnvProvider();
    const del = await apiError(deleteProvider(superadmin, "openai"));
    expect([del.status, del.code]).toEqual([409, "conflict:provider"]);
    expect(del.message).toMatch(/OPENAI_BASE_URL/);
    expect(
      (await apiError(updateProvider(superadmin, "openai", { baseUrl: "https://other.example.com/v1" }))).status,
    ).toBe(409);
    expect((await apiError(updateProvider(superadmin, "openai", { apiKey: null }))).status).toBe(409);
    const view = await updateProvider(superadmin, "openai", {
      name: "Company gateway",
      requestOverrides: { reasoning_effort: "low" },
    });
    expect(view).toMatchObject({ envManaged: true, source: "env", keyHint: "sk-…zzzz" });

    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    expect((await getProvider(superadmin, "openai")).envManaged).toBe(false);
    await deleteProvider(superadmin, "openai");
    expect((await apiError(getProvider(superadmin, "openai"))).status).toBe(404);
  });
});
