import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { createTestUser } from "@/lib/testing/agent-harness";
import type { Actor } from "@/lib/identity/actor";
import type { ApiError } from "@/lib/errors/api-error";
import { createKnowledgeBase } from "@/lib/kb/manage";
import { listKbDocuments } from "@/lib/db/kb-documents";
import { addKbDocuments } from "@/lib/kb/documents";
import { admitKbUpload } from "./quota";

// No job runner: documents stay queued, as a flood of uploads would leave them.
let owner: Actor;
let colleague: Actor;
beforeAll(async () => {
  vi.stubEnv("DATA_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "kb-quota-")));
  await createTestDatabase();
  owner = await createTestUser("user");
  colleague = await createTestUser("user");
});
afterAll(async () => {
  await destroyTestDatabase();
  vi.unstubAllEnvs();
});
afterEach(() => {
  for (const name of ["KB_QUOTA_BYTES_PER_USER", "KB_QUOTA_BYTES_PER_KB", "USER_MAX_QUEUED_INGESTIONS"])
    vi.stubEnv(name, "");
});

const doc = (name: string, bytes: number) => ({ name, bytes: new Uint8Array(bytes).fill(0x61) });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ApiError,
  );
const upload = (actor: Actor, kbId: string, docs: ReturnType<typeof doc>[]) =>
  addKbDocuments(actor, kbId, docs, admitKbUpload);

describe("knowledge-base quotas", () => {
  // Before: no per-user or per-KB cap, so one user's uploads could fill the disk.
  it("refuses an upload past the user's quota across knowledge bases, storing none of it", async () => {
    vi.stubEnv("KB_QUOTA_BYTES_PER_USER", "10000");
    const a = await createKnowledgeBase(owner, { name: "Quota A" });
    const b = await createKnowledgeBase(owner, { name: "Quota B" });
    await upload(owner, a.id, [doc("one.txt", 6000)]);
    const err = await refusal(upload(owner, b.id, [doc("two.txt", 3000), doc("three.txt", 3000)]));
    expect(err).toMatchObject({ status: 413, code: "too_large:kb" });
    expect(err!.message).toMatch(
      /^Your knowledge-base documents would pass your quota: 5\.9 KiB used of 9\.8 KiB, 3\.9 KiB free; this upload needs 5\.9 KiB\./,
    );
    expect(await listKbDocuments(owner, b.id)).toEqual([]);
    expect(fs.readdirSync(path.join(process.env.DATA_DIR!, "kbs")).includes(b.id)).toBe(false);
    // Another user's quota is their own.
    const c = await createKnowledgeBase(colleague, { name: "Quota C" });
    expect(await upload(colleague, c.id, [doc("theirs.txt", 9000)])).toHaveLength(1);
  });

  it("refuses an upload past the knowledge base's own quota, whoever uploads", async () => {
    vi.stubEnv("KB_QUOTA_BYTES_PER_KB", "5000");
    const kb = await createKnowledgeBase(owner, { name: "Small KB" });
    await upload(owner, kb.id, [doc("a.txt", 4000)]);
    expect(await refusal(upload(owner, kb.id, [doc("b.txt", 2000)]))).toMatchObject({
      code: "too_large:kb",
      message: expect.stringMatching(/^This knowledge base would pass its quota/),
    });
  });

  it("two uploads at once cannot both slip under the quota", async () => {
    vi.stubEnv("KB_QUOTA_BYTES_PER_USER", "100000");
    const user = await createTestUser("user");
    const kb = await createKnowledgeBase(user, { name: "Race" });
    const results = await Promise.allSettled([0, 1, 2].map((i) => upload(user, kb.id, [doc(`part-${i}.txt`, 40_000)])));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    expect(await listKbDocuments(user, kb.id)).toHaveLength(2);
  });

  it("answers 429 with Retry-After when too many of the user's documents wait for ingestion", async () => {
    vi.stubEnv("USER_MAX_QUEUED_INGESTIONS", "3");
    const user = await createTestUser("user");
    const kb = await createKnowledgeBase(user, { name: "Queue" });
    await upload(user, kb.id, [doc("1.txt", 10), doc("2.txt", 10)]);
    const err = await refusal(upload(user, kb.id, [doc("3.txt", 10), doc("4.txt", 10)]));
    expect(err).toMatchObject({ status: 429, code: "rate_limited:kb", headers: { "Retry-After": "30" } });
    expect(err!.message).toMatch(/^You have 2 documents waiting to be read; at most 3 may wait at once/);
  });
});
