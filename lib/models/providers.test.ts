import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { getDb } from "@/lib/db/client";
import { providers } from "@/lib/db/schema";
import type { Actor } from "@/lib/identity/actor";
import { createProvider, deleteProvider, updateProvider } from "./admin-providers";
import {
  findEmbeddingProvider,
  findModelOfType,
  invalidateProviderCache,
  isDemoOnly,
  listActiveProviders,
  listChatModels,
  PROVIDER_CACHE_TTL_MS,
} from "./providers";

let root: Actor;
beforeAll(async () => {
  await createTestDatabase();
  root = await insertTestUser({ role: "superadmin" });
});
afterAll(destroyTestDatabase);
afterEach(() => vi.restoreAllMocks());

const specs = async () => (await listChatModels()).map((m) => m.spec);
const chat = (id: string, enabled: boolean) => ({ id, type: "chat" as const, contextWindow: 32_000, enabled });

describe("admin writes reach the runtime at once", () => {
  it("the demo provider is offered until a real chat model is enabled, and returns when it is switched off", async () => {
    expect(await specs()).toEqual(["demo:demo-chat", "demo:demo-fallback"]);

    await createProvider(root, {
      id: "acme",
      name: "Acme",
      baseUrl: "http://127.0.0.1:9/v1",
      models: [chat("acme/large:v2", false)],
    });
    expect(await specs()).toEqual(["demo:demo-chat", "demo:demo-fallback"]); // no enabled chat model yet

    await updateProvider(root, "acme", { models: [chat("acme/large:v2", true)] });
    expect(await specs()).toEqual(["acme:acme/large:v2"]);
    expect(isDemoOnly(await listActiveProviders())).toBe(false);

    await updateProvider(root, "acme", { enabled: false });
    expect(await specs()).toEqual(["demo:demo-chat", "demo:demo-fallback"]);

    await updateProvider(root, "acme", { enabled: true });
    expect(await specs()).toEqual(["acme:acme/large:v2"]);
    await deleteProvider(root, "acme");
    expect(await specs()).toEqual(["demo:demo-chat", "demo:demo-fallback"]);
  });

  it("the demo embedding model stays usable for knowledge bases made on it once a real provider exists", async () => {
    await createProvider(root, {
      id: "realco",
      name: "RealCo",
      baseUrl: "http://127.0.0.1:9/v1",
      models: [chat("realco-chat", true)],
    });
    expect(await specs()).toEqual(["realco:realco-chat"]);
    expect(await findModelOfType("demo:demo-embedding", "embedding")).toBeNull();
    expect((await findEmbeddingProvider("demo:demo-embedding"))?.provider.id).toBe("demo");
    expect(await findEmbeddingProvider("demo:demo-chat")).toBeNull();
    await deleteProvider(root, "realco");
  });

  it("a provider created with an enabled chat model is offered by the very next read", async () => {
    await listChatModels(); // warm the cache
    await createProvider(root, {
      id: "fresh",
      name: "Fresh",
      baseUrl: "http://127.0.0.1:9/v1",
      models: [chat("m1", true)],
    });
    expect(await specs()).toContain("fresh:m1");
    await deleteProvider(root, "fresh");
  });
});

describe("the cache", () => {
  it("serves repeated reads without the database until invalidated or expired", async () => {
    await listActiveProviders();
    // A write that bypasses the admin module (another instance, say) is not seen within the TTL...
    await (
      await getDb()
    )
      .insert(providers)
      .values({ id: "sideways", name: "S", baseUrl: "http://x/v1", models: [chat("s", true)] });
    expect(await specs()).not.toContain("sideways:s");
    // ...but is once the TTL has passed...
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + PROVIDER_CACHE_TTL_MS + 1);
    expect(await specs()).toContain("sideways:s");
    vi.restoreAllMocks();

    await (await getDb()).update(providers).set({ enabled: false });
    expect(await specs()).toContain("sideways:s");
    // ...or at once after an invalidation.
    invalidateProviderCache();
    expect(await specs()).toEqual(["demo:demo-chat", "demo:demo-fallback"]);
  });

  it("callers get their own array: changing one does not change the next answer", async () => {
    const first = await listActiveProviders();
    first.length = 0;
    expect(await listActiveProviders()).toHaveLength(1);
  });

  it("never answers for another database", async () => {
    await updateProvider(root, "sideways", { enabled: true });
    expect(await specs()).toContain("sideways:s");
    await destroyTestDatabase();
    await createTestDatabase();
    expect(await specs()).toEqual(["demo:demo-chat", "demo:demo-fallback"]);
  });
});

describe("a provider whose key no longer decrypts", () => {
  it("is skipped instead of failing every chat", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { providers } = await import("@/lib/db/schema");
    const { invalidateProviderCache, listActiveProviders } = await import("./providers");
    const db = await getDb();
    await db.insert(providers).values({
      id: "broken-key",
      name: "Broken",
      baseUrl: "http://127.0.0.1:9/v1",
      apiKeyEncrypted: "v1.AAAA.BBBB.CCCC",
      models: [{ id: "m", type: "chat", contextWindow: 8000, enabled: true }],
    });
    invalidateProviderCache();
    expect((await listActiveProviders()).map((p) => p.id)).not.toContain("broken-key");
  });
});
