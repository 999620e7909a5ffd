import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestDepartment, insertTestUser } from "@/lib/testing/users";
import { getDb } from "@/lib/db/client";
import { mcpServers } from "@/lib/db/schema";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { mcpServerCreateSchema, type McpServerCreate } from "./schemas";
import {
  connectionTarget,
  createMcpServer,
  deleteMcpServer,
  findUsableMcpServers,
  getMcpServer,
  listMcpServers,
  requireMcpServer,
  setMcpToolEnabled,
  storeMcpTools,
  updateMcpServer,
} from "./servers";

let root: Actor;
let adminA: Actor;
let adminB: Actor;
let memberA: Actor;
let memberB: Actor;
let deptA: string;

const input = (over: Partial<McpServerCreate> & { name: string }): McpServerCreate =>
  mcpServerCreateSchema.parse({ url: "http://127.0.0.1:1234/mcp", ...over });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(err)}`);
  return err.code;
}

beforeAll(async () => {
  vi.stubEnv("ENCRYPTION_KEY", "mcp-servers-test-key");
  await createTestDatabase();
  deptA = await insertTestDepartment();
  const deptB = await insertTestDepartment();
  root = await insertTestUser({ role: "superadmin" });
  adminA = await insertTestUser({ role: "admin", departmentId: deptA });
  adminB = await insertTestUser({ role: "admin", departmentId: deptB });
  memberA = await insertTestUser({ role: "user", departmentId: deptA });
  memberB = await insertTestUser({ role: "user", departmentId: deptB });
});
afterAll(async () => {
  await destroyTestDatabase();
  vi.unstubAllEnvs();
});

describe("creating", () => {
  it("a plain user may not register a server: forbidden:mcp", async () => {
    expect(await codeOf(createMcpServer(memberA, input({ name: "by-user" })))).toBe("forbidden:mcp");
  });

  it("an admin registers one; the headers are sealed at rest and never in the view", async () => {
    const view = await createMcpServer(
      adminA,
      input({ name: "sealed", headers: [{ name: "Authorization", value: "Bearer top-secret-42" }] }),
    );
    expect(view).toMatchObject({
      name: "sealed",
      access: "manage",
      headerNames: ["Authorization"],
      ownerId: adminA.id,
      tools: [],
    });
    expect(JSON.stringify(view)).not.toContain("top-secret-42");
    const [raw] = await (await getDb()).select().from(mcpServers).where(eq(mcpServers.id, view.id));
    expect(raw!.headersEncrypted).toBeTruthy();
    expect(JSON.stringify(raw)).not.toContain("top-secret-42");
    expect(connectionTarget(raw!).headers).toEqual({ Authorization: "Bearer top-secret-42" });
  });

  it("names are unique: conflict:mcp", async () => {
    await createMcpServer(adminA, input({ name: "twice" }));
    expect(await codeOf(createMcpServer(root, input({ name: "twice" })))).toBe("conflict:mcp");
  });

  it("an admin may not share globally or with another department: forbidden:sharing", async () => {
    const global = {
      read: { global: true, departmentIds: [], userIds: [] },
      manage: { global: false, departmentIds: [], userIds: [] },
    };
    expect(await codeOf(createMcpServer(adminA, input({ name: "too-wide", sharing: global })))).toBe(
      "forbidden:sharing",
    );
    const own = {
      read: { global: false, departmentIds: [deptA], userIds: [] },
      manage: { global: false, departmentIds: [], userIds: [] },
    };
    expect((await createMcpServer(adminA, input({ name: "dept-wide", sharing: own }))).name).toBe("dept-wide");
  });
});

describe("reading and changing under the sharing rules", () => {
  let sharedId: string;
  beforeAll(async () => {
    const everyoneManages = { global: true, departmentIds: [], userIds: [] };
    sharedId = (
      await createMcpServer(
        root,
        input({
          name: "shared-a",
          sharing: {
            read: { global: false, departmentIds: [deptA], userIds: [] },
            manage: { global: false, departmentIds: [], userIds: [memberA.id] },
          },
        }),
      )
    ).id;
    await createMcpServer(
      root,
      input({
        name: "root-only",
        sharing: {
          read: { global: false, departmentIds: [], userIds: [] },
          manage: { ...everyoneManages, global: false },
        },
      }),
    );
  });

  it("lists only what the actor can read; readers see tools but no URL, header names or sharing", async () => {
    const names = (await listMcpServers(memberA)).map((s) => s.name);
    expect(names).toContain("shared-a");
    expect(names).toContain("dept-wide");
    expect(names).not.toContain("root-only");
    expect((await listMcpServers(memberB)).map((s) => s.name)).not.toContain("shared-a");
    const view = await getMcpServer(memberA, sharedId);
    expect(view.access).toBe("read");
    expect(view).not.toHaveProperty("url");
    expect(view).not.toHaveProperty("headerNames");
    expect(view).not.toHaveProperty("sharing");
  });

  it("a user named in the manage scope still only reads (role cap): forbidden:mcp on every write", async () => {
    expect(await codeOf(updateMcpServer(memberA, sharedId, { description: "mine now" }))).toBe("forbidden:mcp");
    expect(await codeOf(deleteMcpServer(memberA, sharedId))).toBe("forbidden:mcp");
    expect(await codeOf(setMcpToolEnabled(memberA, sharedId, "add", false))).toBe("forbidden:mcp");
  });

  it("someone who cannot read it gets not_found:mcp, for reads and writes alike", async () => {
    expect(await codeOf(getMcpServer(memberB, sharedId))).toBe("not_found:mcp");
    expect(await codeOf(updateMcpServer(adminB, sharedId, { enabled: false }))).toBe("not_found:mcp");
    expect(await codeOf(deleteMcpServer(adminB, sharedId))).toBe("not_found:mcp");
    expect(await codeOf(getMcpServer(root, "no-such-id"))).toBe("not_found:mcp");
  });

  it("a manager edits headers: a listed name keeps its value, a new value replaces, an unlisted one goes", async () => {
    const { id } = await createMcpServer(
      adminA,
      input({
        name: "headers-edit",
        headers: [
          { name: "A", value: "1" },
          { name: "B", value: "2" },
        ],
      }),
    );
    const view = await updateMcpServer(adminA, id, {
      headers: [{ name: "A" }, { name: "C", value: "3" }],
      description: "edited",
    });
    expect(view).toMatchObject({ headerNames: ["A", "C"], description: "edited" });
    const { row } = await requireMcpServer(adminA, id, "manage");
    expect(connectionTarget(row).headers).toEqual({ A: "1", C: "3" });
    expect(await codeOf(updateMcpServer(adminA, id, { headers: [{ name: "D" }] }))).toBe("bad_request:mcp");
  });

  it("a move to another origin drops the stored headers, also for a co-manager; a new path on the same origin keeps them", async () => {
    const coManager = await insertTestUser({ role: "admin", departmentId: deptA });
    const sharing = {
      read: { global: false, departmentIds: [], userIds: [] },
      manage: { global: false, departmentIds: [deptA], userIds: [] },
    };
    const headers = [{ name: "Authorization", value: "Bearer owner-secret" }];
    const { id } = await createMcpServer(
      adminA,
      input({ name: "moving", url: "https://tools.example.com/mcp", headers, sharing }),
    );
    const headersOf = async () => connectionTarget((await requireMcpServer(root, id, "manage")).row).headers;

    expect(await updateMcpServer(coManager, id, { url: "https://tools.example.com/v2/mcp" })).toMatchObject({
      headerNames: ["Authorization"],
    });
    expect(await headersOf()).toEqual({ Authorization: "Bearer owner-secret" });

    // Naming the header without a value would carry the old value to the new server: refused, nothing changes.
    expect(
      await codeOf(
        updateMcpServer(coManager, id, {
          url: "https://collector.example.net/mcp",
          headers: [{ name: "Authorization" }],
        }),
      ),
    ).toBe("bad_request:mcp");
    expect((await getMcpServer(root, id)).url).toBe("https://tools.example.com/v2/mcp");

    expect(await updateMcpServer(coManager, id, { url: "https://collector.example.net/mcp" })).toMatchObject({
      headerNames: [],
    });
    expect((await requireMcpServer(root, id, "manage")).row.headersEncrypted).toBeNull();

    await updateMcpServer(adminA, id, {
      url: "http://127.0.0.1:1234/mcp",
      headers: [{ name: "X-Key", value: "new-value" }],
    });
    expect(await headersOf()).toEqual({ "X-Key": "new-value" });
  });

  it("renaming onto a taken name: conflict:mcp", async () => {
    const { id } = await createMcpServer(adminA, input({ name: "rename-me" }));
    expect(await codeOf(updateMcpServer(adminA, id, { name: "twice" }))).toBe("conflict:mcp");
  });

  it("toggles one tool, keeps the others, and refuses a tool the server never listed", async () => {
    const { id } = await createMcpServer(adminA, input({ name: "toggles" }));
    await storeMcpTools(adminA, id, [
      { name: "add", description: "Add", enabled: true },
      { name: "lookup_city", description: "City", enabled: true },
    ]);
    const view = await setMcpToolEnabled(adminA, id, "add", false);
    expect(view.tools.map((t) => [t.name, t.enabled, t.runtimeName])).toEqual([
      ["add", false, "toggles__add"],
      ["lookup_city", true, "toggles__lookup_city"],
    ]);
    expect(await codeOf(setMcpToolEnabled(adminA, id, "nope", true))).toBe("not_found:mcp_tool");
  });

  it("a manager deletes; then it is gone", async () => {
    const { id } = await createMcpServer(adminA, input({ name: "delete-me" }));
    await deleteMcpServer(adminA, id);
    expect(await codeOf(getMcpServer(adminA, id))).toBe("not_found:mcp");
  });
});

describe("findUsableMcpServers (the runtime's own re-check)", () => {
  it("keeps the given order and drops disabled, unreadable and unknown servers", async () => {
    const share = {
      read: { global: false, departmentIds: [deptA], userIds: [] },
      manage: { global: false, departmentIds: [], userIds: [] },
    };
    const one = await createMcpServer(root, input({ name: "usable-1", sharing: share }));
    const two = await createMcpServer(root, input({ name: "usable-2", sharing: share }));
    const off = await createMcpServer(root, input({ name: "usable-off", sharing: share, enabled: false }));
    const hidden = await createMcpServer(root, input({ name: "usable-hidden" }));
    const rows = await findUsableMcpServers(memberA, { ids: [two.id, hidden.id, off.id, "unknown", one.id, two.id] });
    expect(rows.map((r) => r.name)).toEqual(["usable-2", "usable-1"]);
    expect(await findUsableMcpServers(memberB, { ids: [one.id, two.id] })).toEqual([]);
  });
});
