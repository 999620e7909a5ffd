import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { getDb } from "@/lib/db/client";
import { providers } from "@/lib/db/schema";
import { decryptSecret } from "@/lib/config/crypto";
import { envDefinesProvider, syncEnvProvider } from "./env-provider";

const NAMES = [
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "LLM_MODEL",
  "LLM_FALLBACK_MODEL",
  "LLM_FALLBACK_CHAIN",
  "OCR_MODEL",
];
const before = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));

beforeAll(createTestDatabase);
afterAll(destroyTestDatabase);
afterEach(() => {
  for (const n of NAMES) {
    if (before[n] === undefined) delete process.env[n];
    else process.env[n] = before[n];
  }
});

const row = async () => (await (await getDb()).select().from(providers).where(eq(providers.id, "openai")))[0];

describe("syncEnvProvider", () => {
  it("does nothing without OPENAI_BASE_URL or OPENAI_API_KEY", async () => {
    for (const n of NAMES) delete process.env[n];
    expect(envDefinesProvider()).toBe(false);
    await syncEnvProvider();
    expect(await row()).toBeUndefined();
  });

  it("env owns URL, key and its models' presence; the admin's later settings survive a restart", async () => {
    Object.assign(process.env, {
      OPENAI_API_KEY: "sk-env-one",
      OPENAI_BASE_URL: "https://gw.example.com/v1/",
      LLM_MODEL: "gpt-a",
    });
    await syncEnvProvider();
    expect(await row()).toMatchObject({
      baseUrl: "https://gw.example.com/v1",
      source: "env",
      enabled: true,
      models: [{ id: "gpt-a", enabled: true }],
    });

    // What an admin does on the screen meanwhile:
    const adminModels = [
      { id: "gpt-a", type: "chat" as const, contextWindow: 200_000, enabled: false },
      { id: "extra", type: "chat" as const, contextWindow: 8_000, enabled: true },
    ];
    await (
      await getDb()
    )
      .update(providers)
      .set({ name: "Gateway", enabled: false, models: adminModels, requestOverrides: { reasoning_effort: "low" } })
      .where(eq(providers.id, "openai"));

    Object.assign(process.env, { OPENAI_API_KEY: "sk-env-two", LLM_MODEL: "gpt-b" });
    await syncEnvProvider();
    const after = (await row())!;
    expect(after).toMatchObject({ name: "Gateway", enabled: false, requestOverrides: { reasoning_effort: "low" } });
    expect(after.models).toEqual([
      ...adminModels,
      { id: "gpt-b", type: "chat", contextWindow: 128_000, enabled: true },
    ]);
    expect(decryptSecret(after.apiKeyEncrypted!)).toBe("sk-env-two");
  });

  it("registers a bare OCR_MODEL id as a model of the env provider, and leaves other providers' specs alone", async () => {
    for (const n of NAMES) delete process.env[n];
    Object.assign(process.env, { OPENAI_API_KEY: "sk-ocr", LLM_MODEL: "gpt-chat", OCR_MODEL: "gpt-vision" });
    await syncEnvProvider();
    expect((await row())!.models.map((m) => m.id)).toEqual(expect.arrayContaining(["gpt-chat", "gpt-vision"]));
    process.env.OCR_MODEL = "other:vision-x";
    await syncEnvProvider();
    expect((await row())!.models.map((m) => m.id)).not.toContain("vision-x");
  });
});
