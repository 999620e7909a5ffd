import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import type { Actor } from "@/lib/identity/actor";
import { vectorsAvailable } from "@/lib/db/client";

const auth = vi.hoisted(() => vi.fn());
vi.mock("@/lib/auth/config", () => ({ auth }));
const { POST } = await import("./route");

let member: Actor;
beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "kbs-route-")));
  await createTestDatabase();
  member = await insertTestUser({});
  auth.mockResolvedValue({ user: { id: member.id, name: member.username, role: member.role }, expires: "" });
});
afterAll(async () => {
  await destroyTestDatabase();
  vi.unstubAllEnvs();
});

const create = async (body: unknown) => {
  const res = await POST(
    new Request("http://localhost:3100/api/kbs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { embeddingModel: string | null };
};

describe("POST /api/kbs", () => {
  it("gives a new knowledge base the first enabled embedding model unless its creator asks for none", async () => {
    // No provider is configured, so the built-in demo provider's models are the enabled ones; a
    // database without pgvector (CI's PostgreSQL) cannot store vectors, so it gets none.
    const expected = (await vectorsAvailable()) ? "demo:demo-embedding" : null;
    expect((await create({ name: "Hybrid by default" })).embeddingModel).toBe(expected);
    expect((await create({ name: "Keywords only", embeddingModel: null })).embeddingModel).toBeNull();
  });
});
