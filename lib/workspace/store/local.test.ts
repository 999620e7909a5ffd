import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeStoreContract } from "@/lib/testing/store-contract";
import { createLocalStore } from "./local";
import { plantHostileFixture } from "@/lib/testing/hostile-paths";

// Users' stores are sibling directories under one parent, as under DATA_DIR/workspaces.
let parent: string;
beforeAll(async () => {
  parent = await fs.mkdtemp(path.join(os.tmpdir(), "meridian-local-store-"));
});
afterAll(async () => {
  await fs.rm(parent, { recursive: true, force: true });
});

describeStoreContract("local directory", async () => {
  const root = path.join(parent, randomUUID());
  return { store: createLocalStore(root), cleanup: () => fs.rm(root, { recursive: true, force: true }) };
});

describe("a local store's files", () => {
  // Uploads and knowledge-base files were written 0644: any local account could read them.
  it("are written 0600 in folders only this user may enter", async () => {
    const root = path.join(parent, randomUUID());
    await createLocalStore(root).write("reports/q1/summary.txt", Buffer.from("confidential"));
    const mode = async (p: string) => (await fs.stat(p)).mode & 0o777;
    expect(await mode(path.join(root, "reports/q1/summary.txt"))).toBe(0o600);
    expect(await mode(path.join(root, "reports/q1"))).toBe(0o700);
    expect(await mode(root)).toBe(0o700);
  });
});

describe("a local store's listing and its root", () => {
  it("lists plain entries and inside links, never a link that leads out (nor what is behind it)", async () => {
    const sandbox = await fs.mkdtemp(path.join(parent, "hostile-"));
    const root = path.join(sandbox, "workspaces", "u1");
    plantHostileFixture(sandbox, root);
    const store = createLocalStore(root);
    const names = (await store.list("")).map((e) => `${e.name}:${e.kind}`);
    // inside-link.txt is a link to a file inside: listed as that file; every other link leads out.
    expect(names).toEqual(["inside-link.txt:file", "inside.txt:file", "projects:dir"]);
    expect((await store.list("projects/t1")).map((e) => e.name)).toEqual(["uploads"]); // "up" leads out
    expect((await store.walk("")).map((e) => e.rel)).toEqual(["inside-link.txt", "inside.txt"]);
  });

  it("makes a root removed while the process runs again, for listing and writing", async () => {
    const root = path.join(parent, randomUUID());
    const store = createLocalStore(root);
    await store.write("a.txt", Buffer.from("one"));
    await fs.rm(root, { recursive: true });
    // A store made later in the same process (each run makes its own) still finds the root gone.
    const later = createLocalStore(root);
    expect(await later.list("")).toEqual([]);
    await fs.rm(root, { recursive: true });
    await later.write("b.txt", Buffer.from("two"));
    expect((await later.list("")).map((e) => e.name)).toEqual(["b.txt"]);
    expect((await store.read("b.txt")).toString()).toBe("two");
  });
});
