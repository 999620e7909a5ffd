import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { describeStoreContract } from "./contract";
import { createLocalStore } from "./local";

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
