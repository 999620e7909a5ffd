import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ToolMessage } from "@langchain/core/messages";
import { ApiError } from "@/lib/errors/api-error";
import { asFileApiError } from "@/lib/files/fs-errors";
import { largeToolResultsMiddleware } from "@/lib/agent/middleware/large-tool-results";
import { openWorkspace } from "./open";
import { QuotaExceeded, resetWorkspaceUsage, workspaceQuotaBytes } from "./store/quota";

/** WORKSPACE_QUOTA_BYTES as every caller meets it: the workspace opened for a user enforces it. */
const U = "/home/gem/user-data";
const KiB = 1024;
const QUOTA = 64 * KiB;
const saved = { DATA_DIR: process.env.DATA_DIR, WORKSPACE_QUOTA_BYTES: process.env.WORKSPACE_QUOTA_BYTES };
let dataDir: string;
let n = 0;
const newUser = () => `quota-user-${process.pid}-${++n}`;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quota-"));
  process.env.DATA_DIR = dataDir;
  process.env.WORKSPACE_QUOTA_BYTES = String(QUOTA);
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => resetWorkspaceUsage());

describe("workspace quota", () => {
  it("reads WORKSPACE_QUOTA_BYTES, 1 GiB by default", () => {
    expect(workspaceQuotaBytes()).toBe(QUOTA);
    const before = process.env.WORKSPACE_QUOTA_BYTES;
    for (const bad of [undefined, "", "0", "-5", "1.5", "lots"]) {
      if (bad === undefined) delete process.env.WORKSPACE_QUOTA_BYTES;
      else process.env.WORKSPACE_QUOTA_BYTES = bad;
      expect(workspaceQuotaBytes(), String(bad)).toBe(1024 ** 3);
    }
    process.env.WORKSPACE_QUOTA_BYTES = before;
  });

  it("write_file past the quota returns a model-readable error and writes nothing", async () => {
    const ws = openWorkspace(newUser());
    expect(await ws.write(`${U}/a.txt`, "x".repeat(60 * KiB))).toEqual({ path: `${U}/a.txt` });
    const refused = await ws.write(`${U}/b.txt`, "y".repeat(5 * KiB));
    expect(refused).toEqual({
      error:
        "Workspace quota exceeded: 60 KiB used of 64 KiB, 4 KiB free; this write needs 5 KiB. Delete files that are no longer needed from the workspace, then try again.",
    });
    expect(await ws.stat(`${U}/b.txt`)).toBeNull();
  });

  it("edit_file that would grow a file past the quota is refused and leaves the file as it was", async () => {
    const ws = openWorkspace(newUser());
    await ws.write(`${U}/doc.md`, `start ${"x".repeat(60 * KiB)} end`);
    const res = await ws.edit(`${U}/doc.md`, "start", "s".repeat(8 * KiB));
    expect(res.error).toMatch(/^Workspace quota exceeded: 60(\.\d)? KiB used of 64 KiB/);
    expect((await ws.readBytes(`${U}/doc.md`)).toString().startsWith("start ")).toBe(true);
    expect((await ws.edit(`${U}/doc.md`, "start", "begin")).error).toBeUndefined();
  });

  it("counts files already in the workspace and frees what is deleted, across workspace instances", async () => {
    const user = newUser();
    fs.mkdirSync(path.join(dataDir, "workspaces", user, "old"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "workspaces", user, "old", "big.bin"), Buffer.alloc(63 * KiB));
    await expect(openWorkspace(user).writeBytes(`${U}/new.bin`, Buffer.alloc(2 * KiB))).rejects.toBeInstanceOf(
      QuotaExceeded,
    );
    await openWorkspace(user).remove(`${U}/old`);
    await openWorkspace(user).writeBytes(`${U}/new.bin`, Buffer.alloc(60 * KiB));
  });

  it("an upload or workspace PUT over the quota becomes 413 too_large:quota with the same words", async () => {
    const ws = openWorkspace(newUser());
    await ws.writeBytes(`${U}/a.bin`, Buffer.alloc(QUOTA));
    const err = await ws.writeBytes(`${U}/b.bin`, Buffer.alloc(1)).catch((e: unknown) => asFileApiError(e));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 413,
      code: "too_large:quota",
      message: expect.stringMatching(/^Workspace quota exceeded: 64 KiB used of 64 KiB/),
    });
  });

  it("a large tool result that does not fit tells the model the quota is full", async () => {
    const user = newUser();
    const ws = openWorkspace(user);
    await ws.writeBytes(`${U}/filler.bin`, Buffer.alloc(QUOTA - KiB));
    const middleware = largeToolResultsMiddleware(ws);
    const rootThreadId = `t${n}`;
    const big = Array.from({ length: 3000 }, (_, i) => `line ${i} of a long search result`).join("\n");
    type Wrap = (req: unknown, handler: () => Promise<ToolMessage>) => Promise<ToolMessage>;
    const result = await (middleware.wrapToolCall as unknown as Wrap)(
      { runtime: { context: { userId: user, threadId: rootThreadId, rootThreadId, runId: "r1", agentId: null } } },
      async () => new ToolMessage({ content: big, tool_call_id: "c1", name: "web_search" }),
    );
    expect(String(result.content)).toMatch(/could not be saved: Workspace quota exceeded: 63 KiB used of 64 KiB/);
    expect(await ws.stat(`${U}/projects/${rootThreadId}/outputs`)).toBeNull();
  });
});
